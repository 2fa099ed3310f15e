// A re-read of an open thread keeps the objects of what did not change (#20): the same window when
// nothing did, the unchanged bubbles' messages when one did, and never an old object for a changed
// message (a SENDACK's seq, a read mark, an edit); and what the thread shows from its live query's
// window and the previews ahead of it.
import type { MessageRecord } from "../../../../src/db/entities/MessageRecord";
import type { ThreadWindow } from "../../../../src/features/messenger/threadQuery";
import {
  reuseMessages,
  shownWindow,
  stableWindow,
} from "../../../../src/features/messenger/stableWindow";
import { message, unsent } from "../../../support/ui/messenger/chatFixtures";

/** A fresh copy, as every IndexedDB read gives. */
const reread = (m: MessageRecord): MessageRecord => structuredClone(m);

/** The re-read row of own message `pending` once its SENDACK gave it `seq`. */
const settled = (pending: MessageRecord, seq: number): MessageRecord => ({
  ...reread(pending),
  status: "normal",
  messageId: String(40 + seq),
  messageSeq: seq,
});

function windowOf(messages: readonly MessageRecord[]): ThreadWindow {
  return { fromSeq: 1, topSeq: messages.length, messages, oldestSeq: 1 };
}

describe("reuseMessages", () => {
  const one = message({ messageSeq: 1 });
  const two = message({ messageSeq: 2 });

  it("returns the previous list when a re-read says the same", () => {
    const previous = [one, two];
    expect(reuseMessages(previous, previous.map(reread))).toBe(previous);
  });

  it("keeps unchanged messages and takes the changed and new ones", () => {
    const readMark = { ...reread(two), readed: true };
    const three = message({ messageSeq: 3 });
    const next = reuseMessages([one, two], [reread(one), readMark, three]);
    expect(next[0]).toBe(one);
    expect(next[1]).toBe(readMark);
    expect(next[2]).toBe(three);
  });

  it("compares the content too, not only the row's fields", () => {
    const edited = {
      ...reread(one),
      content: { type: 1, content: "edited" },
    };
    expect(reuseMessages([one], [edited])[0]).toBe(edited);
  });

  it("is a new list when one is removed or the order changes", () => {
    const previous = [one, two];
    expect(reuseMessages(previous, [reread(one)])).toEqual([one]);
    const swapped = reuseMessages(previous, [reread(two), reread(one)]);
    expect(swapped).not.toBe(previous);
    expect(swapped[0]).toBe(two);
    expect(swapped[1]).toBe(one);
  });

  it("takes the settled row of an own message whose SENDACK came", () => {
    const pending = unsent({ status: "wait" });
    const acked = settled(pending, 3);
    expect(reuseMessages([pending], [acked])[0]).toBe(acked);
  });
});

describe("stableWindow", () => {
  const one = message({ messageSeq: 1 });
  const two = message({ messageSeq: 2 });

  it("takes the first read as it is", () => {
    const first = windowOf([one]);
    expect(stableWindow(undefined, first)).toBe(first);
  });

  it("is the previous window when nothing changed", () => {
    const previous = windowOf([one, two]);
    expect(stableWindow(previous, windowOf([one, two].map(reread)))).toBe(
      previous,
    );
  });

  it("is a new window when only its bounds changed", () => {
    const previous = windowOf([one, two]);
    const next = stableWindow(previous, {
      ...windowOf([one, two].map(reread)),
      topSeq: 5,
    });
    expect(next).not.toBe(previous);
    expect(next.topSeq).toBe(5);
    expect(next.messages).toBe(previous.messages);
  });

  it("is a new window sharing the unchanged messages when one arrived", () => {
    const previous = windowOf([one]);
    const next = stableWindow(previous, windowOf([reread(one), two]));
    expect(next).not.toBe(previous);
    expect(next.messages[0]).toBe(one);
    expect(next.messages[1]).toBe(two);
  });
});

describe("shownWindow", () => {
  const peer = { channelId: "peer", channelType: 1 };
  const one = message({ messageSeq: 1 });
  const two = message({ messageSeq: 2 });

  it("shows nothing new before the first read", () => {
    const previews = [{ row: two, at: 0 }];
    expect(shownWindow(undefined, undefined, peer, previews)).toBeUndefined();
  });

  it("shows the previews on top of the read, then nothing new when the re-read brings them", () => {
    const read = windowOf([one]);
    const shown = shownWindow(undefined, read, peer, [{ row: two, at: 0 }]);
    expect(shown?.messages).toEqual([one, two]);
    // The worker stored the row: the live query's window has it, the preview is gone.
    const stored = windowOf([one, two].map(reread));
    expect(shownWindow(shown, stored, peer, [])).toBe(shown);
  });

  it("shows the stored row when it differs from what the preview showed", () => {
    const pending = unsent({ status: "wait" });
    const shown = shownWindow(undefined, windowOf([one]), peer, [
      { row: pending, at: 0 },
    ]);
    const acked = settled(pending, 2);
    const next = shownWindow(shown, windowOf([one, acked]), peer, []);
    expect(next).not.toBe(shown);
    expect(next?.messages[0]).toBe(one);
    expect(next?.messages[1]).toBe(acked);
  });
});
