// The rows the worker announces show in the open thread before the IndexedDB re-read (#20): a new
// message and an own pending one at once, a SENDACK's seq at once; nothing the window already has,
// nothing outside it, nothing of another channel, and nothing older than the TTL.
import type { MessageRecord } from "../../../../src/db/entities/MessageRecord";
import type { ThreadWindow } from "../../../../src/features/messenger/threadQuery";
import {
  addPreviews,
  PREVIEW_TTL_MS,
  previewsAhead,
  withPreviews,
  type PreviewRow,
} from "../../../../src/features/messenger/threadPreview";
import { message, unsent } from "../../../support/ui/messenger/chatFixtures";

const peer = { channelId: "peer", channelType: 1 };
const at = (minute: number) => Date.UTC(2026, 10, 27, 9, minute);

function windowOf(
  messages: MessageRecord[],
  fromSeq = 1,
  topSeq = 0,
): ThreadWindow {
  const seqs = messages.flatMap((m) =>
    m.messageSeq === undefined ? [] : [m.messageSeq],
  );
  return {
    fromSeq,
    topSeq: Math.max(topSeq, ...seqs, 0),
    messages,
    oldestSeq: seqs[0] ?? null,
  };
}

const rows = (...r: MessageRecord[]): PreviewRow[] =>
  r.map((row) => ({ row, at: 0 }));
const nos = (w: ThreadWindow) => w.messages.map((m) => m.clientMsgNo);

describe("withPreviews", () => {
  const one = message({ messageSeq: 1, timestamp: at(1) });
  const two = message({ messageSeq: 2, timestamp: at(2) });

  it("appends a new message with the next seq and raises topSeq", () => {
    const three = message({ messageSeq: 3, timestamp: at(3) });
    const shown = withPreviews(windowOf([one, two]), peer, rows(three));
    expect(nos(shown)).toEqual([one, two, three].map((m) => m.clientMsgNo));
    expect(shown).toMatchObject({ fromSeq: 1, topSeq: 3, oldestSeq: 1 });
  });

  it("puts a message filling a hole in seq order", () => {
    const three = message({ messageSeq: 3, timestamp: at(3) });
    const shown = withPreviews(windowOf([one, three]), peer, rows(two));
    expect(nos(shown)).toEqual([one, two, three].map((m) => m.clientMsgNo));
  });

  it("shows an own pending message after the stored ones, then its seq once acknowledged", () => {
    const pending = unsent({ status: "wait", timestamp: at(3) });
    const shown = withPreviews(windowOf([one, two]), peer, rows(pending));
    expect(nos(shown)).toEqual([one, two, pending].map((m) => m.clientMsgNo));

    const acked: MessageRecord = {
      ...pending,
      status: "normal",
      messageId: "77",
      messageSeq: 3,
    };
    const after = withPreviews(shown, peer, rows(acked));
    expect(after.messages.at(-1)).toBe(acked);
    expect(after.messages).toHaveLength(3);
    expect(after.topSeq).toBe(3);
  });

  it("returns the window itself when nothing is ahead of it", () => {
    const window = windowOf([one, two]);
    const changed = { ...two, readed: true };
    const otherChannel = message({ channelId: "someone", messageSeq: 9 });
    const older = message({ messageSeq: 4 });
    const deliveredPending = unsent({ status: "normal" });
    expect(
      withPreviews(
        windowOf([one, two], 5),
        peer,
        rows(changed, otherChannel, older, deliveredPending),
      ),
    ).toEqual(windowOf([one, two], 5));
    expect(withPreviews(window, peer, rows(changed))).toBe(window);
  });

  it("starts an empty thread's window at seq 1", () => {
    const first = message({ messageSeq: 1, timestamp: at(1) });
    const shown = withPreviews(
      { fromSeq: 0, topSeq: 0, messages: [], oldestSeq: null },
      peer,
      rows(first),
    );
    expect(shown).toEqual({
      fromSeq: 1,
      topSeq: 1,
      messages: [first],
      oldestSeq: 1,
    });
  });
});

describe("previewsAhead", () => {
  it("drops what the window has caught up with, and what is older than the TTL", () => {
    const three = message({ messageSeq: 3 });
    const four = message({ messageSeq: 4 });
    const previews: PreviewRow[] = [
      { row: three, at: 1_000 },
      { row: four, at: 1_000 },
    ];
    const caughtUp = windowOf([three]);
    expect(previewsAhead(caughtUp, peer, previews, 1_500)).toEqual([
      { row: four, at: 1_000 },
    ]);
    expect(
      previewsAhead(windowOf([]), peer, previews, 1_000 + PREVIEW_TTL_MS),
    ).toEqual([]);
    expect(previewsAhead(windowOf([]), peer, previews, 1_500)).toBe(previews);
  });
});

describe("addPreviews", () => {
  it("replaces earlier previews of the same message and drops removed ones", () => {
    const pending = unsent({ status: "wait" });
    const other = unsent({ status: "wait" });
    const first = addPreviews(
      [],
      {
        clientMsgNos: [pending.clientMsgNo, other.clientMsgNo],
        rows: [pending, other],
      },
      10,
    );
    expect(first.map((p) => p.row)).toEqual([pending, other]);
    const acked = { ...pending, status: "normal" as const, messageSeq: 5 };
    const second = addPreviews(
      first,
      { clientMsgNos: [pending.clientMsgNo], rows: [acked] },
      20,
    );
    expect(second).toEqual([
      { row: other, at: 10 },
      { row: acked, at: 20 },
    ]);
    // A deleted conversation announces its removed messages without rows.
    expect(
      addPreviews(second, { clientMsgNos: [other.clientMsgNo], rows: [] }, 30),
    ).toEqual([{ row: acked, at: 20 }]);
    expect(addPreviews(second, { clientMsgNos: [], rows: [] }, 30)).toBe(
      second,
    );
    // A sync of more rows than an event carries (rows null) is not a removal: previews stay.
    expect(
      addPreviews(
        second,
        { clientMsgNos: [other.clientMsgNo, acked.clientMsgNo], rows: null },
        30,
      ),
    ).toBe(second);
  });

  it("keeps the previews when a row is announced again unchanged", () => {
    const received = message({ messageSeq: 7 });
    const first = addPreviews(
      [],
      { clientMsgNos: [received.clientMsgNo], rows: [received] },
      10,
    );
    // The worker announces a received row before its store and once more after it.
    const again = { clientMsgNos: [], rows: [structuredClone(received)] };
    expect(addPreviews(first, again, 20)).toBe(first);
    const readMark = { ...received, readed: true };
    expect(
      addPreviews(first, { clientMsgNos: [], rows: [readMark] }, 20),
    ).toEqual([{ row: readMark, at: 20 }]);
    // An expired preview is announced afresh.
    const late = addPreviews(first, again, 10 + PREVIEW_TTL_MS);
    expect(late).not.toBe(first);
    expect(late).toEqual([{ row: received, at: 10 + PREVIEW_TTL_MS }]);
  });
});
