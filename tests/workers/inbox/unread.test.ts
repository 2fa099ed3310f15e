// Unread derived from sequence numbers, and the receive rules that feed it.
import { describe, expect, it } from "vitest";
import type { ConversationRecord } from "../../../src/db/entities/ConversationRecord";
import {
  COMMAND_CONTENT_TYPE,
  DEFAULT_NO_UPDATE_CONTENT_TYPES,
  applyToConversation,
  countsAsUnread,
  emptyConversation,
  isCommand,
  type ReceiveContext,
  type RuleMessage,
} from "../../../workers/inbox/receiveRules";
import {
  advanceReadTo,
  deriveUnread,
  fromServerUnread,
  mergeServerUnread,
  noteSeq,
} from "../../../workers/inbox/unread";

const ME = "me";
const KEY = "1:peer";

function msg(seq: number, extra: Partial<RuleMessage> = {}): RuleMessage {
  return {
    clientMsgNo: `c${seq}`,
    channelId: "peer",
    channelType: 1,
    fromUid: "peer",
    timestamp: seq * 1_000,
    contentType: 1,
    redDot: true,
    messageSeq: seq,
    ...extra,
  };
}

const ctx = (over: Partial<ReceiveContext> = {}): ReceiveContext => ({
  selfUid: ME,
  visibleChannels: new Set(),
  noUpdateContentTypes: DEFAULT_NO_UPDATE_CONTENT_TYPES,
  ...over,
});

function conv(over: Partial<ConversationRecord>): ConversationRecord {
  const base = { ...emptyConversation("peer", 1), ...over };
  return { ...base, unread: deriveUnread(base) };
}

describe("deriveUnread", () => {
  it("is lastMessageSeq − readToSeq minus uncounted seqs in between", () => {
    expect(
      deriveUnread({ lastMessageSeq: 10, readToSeq: 4, uncountedSeqs: [5, 7] }),
    ).toBe(4);
    expect(
      deriveUnread({
        lastMessageSeq: 10,
        readToSeq: 4,
        uncountedSeqs: [2, 3, 11],
      }),
    ).toBe(6);
    expect(
      deriveUnread({ lastMessageSeq: 3, readToSeq: 9, uncountedSeqs: [] }),
    ).toBe(0);
  });
});

describe("noteSeq / advanceReadTo", () => {
  it("sets a baseline for a conversation without history: older history is not unread", () => {
    const c = noteSeq(conv({}), 57, true);
    expect(c).toMatchObject({ lastMessageSeq: 57, readToSeq: 56, unread: 1 });
  });

  it("counts a gap as unread until synced messages show what it held", () => {
    let c = noteSeq(conv({ lastMessageSeq: 10, readToSeq: 10 }), 14, true);
    expect(c.unread).toBe(4);
    c = noteSeq(c, 12, false);
    c = noteSeq(c, 11, false);
    expect(c.unread).toBe(2);
    expect(c.uncountedSeqs).toEqual([11, 12]);
  });

  it("ignores seq 0 (not persisted) and repeated seqs", () => {
    const c = conv({ lastMessageSeq: 5, readToSeq: 3, uncountedSeqs: [4] });
    expect(noteSeq(c, 0, true)).toBe(c);
    expect(noteSeq(noteSeq(c, 4, false), 4, false).uncountedSeqs).toEqual([4]);
  });

  it("advances readToSeq only forward, capped at lastMessageSeq, trimming uncounted seqs", () => {
    const c = conv({ lastMessageSeq: 10, readToSeq: 2, uncountedSeqs: [3, 8] });
    const read = advanceReadTo(c, 8);
    expect(read).toMatchObject({ readToSeq: 8, uncountedSeqs: [], unread: 2 });
    expect(advanceReadTo(read, 5)).toBe(read);
    expect(advanceReadTo(read, 99)).toMatchObject({ readToSeq: 10, unread: 0 });
  });

  it("takes the server's unread as readToSeq = lastMessageSeq − unread", () => {
    const c = fromServerUnread(conv({ uncountedSeqs: [1] }), 40, 3);
    expect(c).toMatchObject({
      lastMessageSeq: 40,
      readToSeq: 37,
      uncountedSeqs: [],
      unread: 3,
    });
  });

  it("[issue #9] a sync never moves a read point back: a fresh local read beats the server's older view", () => {
    const read = conv({ lastMessageSeq: 40, readToSeq: 40, uncountedSeqs: [] });
    // The server has not heard of the read yet (the receipt beat), and two newer messages exist.
    expect(mergeServerUnread(read, 42, 10)).toMatchObject({
      lastMessageSeq: 42,
      readToSeq: 40,
      unread: 2,
    });
    // Known own messages above the read point stay uncounted.
    const own = conv({
      lastMessageSeq: 41,
      readToSeq: 40,
      uncountedSeqs: [41],
    });
    expect(mergeServerUnread(own, 42, 10)).toMatchObject({
      readToSeq: 40,
      unread: 1,
    });
    // The server read further (another device, or "sending implies read"): its view wins.
    expect(mergeServerUnread(read, 45, 1)).toEqual(
      fromServerUnread(read, 45, 1),
    );
  });

  it("[#20] a message that arrived before the list was answered stays unread", () => {
    // The server answered {last 4, unread 4} while seq 5 (from the peer) was already here, and an
    // own message at 6: unread counts 1–5.
    const ahead = conv({
      lastMessageSeq: 6,
      readToSeq: 0,
      uncountedSeqs: [6],
    });
    expect(mergeServerUnread(ahead, 4, 4)).toMatchObject({
      lastMessageSeq: 6,
      readToSeq: 0,
      uncountedSeqs: [6],
      unread: 5,
    });
  });
});

describe("receive rules", () => {
  it("routes type 99 to command listeners", () => {
    expect(COMMAND_CONTENT_TYPE).toBe(99);
    expect(isCommand({ contentType: 99 })).toBe(true);
    expect(isCommand({ contentType: 1 })).toBe(false);
  });

  it("[UNREAD-1] raises unread only for RedDot messages from someone else", () => {
    expect(countsAsUnread({ redDot: true, fromUid: "peer" }, ME)).toBe(true);
    expect(countsAsUnread({ redDot: false, fromUid: "peer" }, ME)).toBe(false);
    expect(countsAsUnread({ redDot: true, fromUid: ME }, ME)).toBe(false);
    const start = conv({ lastMessageSeq: 10, readToSeq: 10 });
    const c = applyToConversation(
      start,
      KEY,
      [msg(11), msg(12, { redDot: false }), msg(13)],
      ctx(),
    );
    expect(c).toMatchObject({
      lastMessageSeq: 13,
      readToSeq: 10,
      uncountedSeqs: [12],
      unread: 2,
    });
  });

  it("an own message (sent from another device) reads the thread up to it, as the server counts it", () => {
    const start = conv({ lastMessageSeq: 10, readToSeq: 8 });
    const c = applyToConversation(
      start,
      KEY,
      [msg(11), msg(12, { fromUid: ME }), msg(13)],
      ctx(),
    );
    expect(c).toMatchObject({
      lastMessageSeq: 13,
      readToSeq: 12,
      unread: 1,
    });
  });

  it("the preview follows the channel's order, not the clocks of sender and server", () => {
    // My message (seq 5) carries my device's millisecond time; the reply (seq 6) the server's whole
    // second, which is earlier: the reply is still the newest.
    const start = conv({
      lastMessageSeq: 5,
      readToSeq: 5,
      timestamp: 60_900,
      lastClientMsgNo: "mine",
    });
    const replied = applyToConversation(
      start,
      KEY,
      [msg(6, { timestamp: 60_000 })],
      ctx(),
    );
    expect(replied?.lastClientMsgNo).toBe("c6");
    expect(replied?.timestamp).toBe(60_900);
    // History below what is known (a gap being filled) never takes the preview, whatever its time.
    const backfill = applyToConversation(
      replied,
      KEY,
      [msg(3, { timestamp: 99_000 })],
      ctx(),
    );
    expect(backfill?.lastClientMsgNo).toBe("c6");
    // Out of order in one batch: the highest seq wins.
    const batch = applyToConversation(start, KEY, [msg(8), msg(7)], ctx());
    expect(batch?.lastClientMsgNo).toBe("c8");
  });

  it("[UNREAD-2] a conversation shown in a visible tab stays read", () => {
    const start = conv({ lastMessageSeq: 10, readToSeq: 8 });
    const c = applyToConversation(
      start,
      KEY,
      [msg(11), msg(12)],
      ctx({ visibleChannels: new Set([KEY]) }),
    );
    expect(c).toMatchObject({ lastMessageSeq: 12, readToSeq: 12, unread: 0 });
    const other = applyToConversation(
      start,
      KEY,
      [msg(11)],
      ctx({ visibleChannels: new Set(["1:someone-else"]) }),
    );
    expect(other?.unread).toBe(3);
  });

  it("moves the conversation to the top and sets the preview, except for no-update types", () => {
    const start = conv({
      lastMessageSeq: 10,
      readToSeq: 10,
      timestamp: 10_000,
      lastClientMsgNo: "c10",
    });
    const signal = msg(11, { contentType: 21000, timestamp: 99_000 });
    const c = applyToConversation(start, KEY, [signal], ctx());
    expect(c).toMatchObject({
      timestamp: 10_000,
      lastClientMsgNo: "c10",
      lastMessageSeq: 11,
      unread: 1,
    });
    const text = applyToConversation(
      start,
      KEY,
      [signal, msg(12, { timestamp: 120_000 })],
      ctx(),
    );
    expect(text).toMatchObject({ timestamp: 120_000, lastClientMsgNo: "c12" });
  });

  it("does not let an old message (history sync) replace the preview", () => {
    const start = conv({
      lastMessageSeq: 50,
      readToSeq: 50,
      timestamp: 50_000,
      lastClientMsgNo: "c50",
    });
    const c = applyToConversation(start, KEY, [msg(3), msg(4)], ctx());
    expect(c).toMatchObject({
      timestamp: 50_000,
      lastClientMsgNo: "c50",
      unread: 0,
    });
  });

  it("creates a conversation for a new channel, but never for no-update messages alone", () => {
    expect(
      applyToConversation(undefined, KEY, [msg(5, { contentType: 98 })], ctx()),
    ).toBeUndefined();
    expect(applyToConversation(undefined, KEY, [msg(5)], ctx())).toMatchObject({
      channelId: "peer",
      lastMessageSeq: 5,
      readToSeq: 4,
      unread: 1,
      lastClientMsgNo: "c5",
    });
  });
});
