// The group-commit batch decisions without a database: de-duplication against stored rows and
// within the batch, contiguous per-channel seqs, and how conversations move (unread, read-to).
import {
  type MessageToStore,
  classifyBatch,
  dedupKey,
  planSeqs,
} from "../../../server/im/batchPlan";

let ids = 100n;
function msg(
  from: string,
  to: string,
  extra: Partial<MessageToStore> = {},
): MessageToStore {
  ids += 1n;
  const [lo, hi] = [from, to].sort();
  return {
    id: ids,
    channelKey: `${lo}@${hi}`,
    channelType: 1,
    fromUid: from,
    toUid: to,
    clientMsgNo: `n${ids}`,
    clientSeq: 1,
    setting: 0,
    header: 2,
    contentType: 1,
    expire: 0,
    topic: null,
    timestamp: 1_700_000_000,
    payload: '{"type":1}',
    updatesConversations: true,
    ...extra,
  };
}

describe("classifyBatch", () => {
  it("marks stored duplicates, repeats within the batch, and new messages", () => {
    const a = msg("a", "b");
    const b = msg("a", "b");
    const again = { ...a, id: 999n };
    const stored = {
      messageId: 5n,
      messageSeq: 3,
      timestamp: 1,
      duplicate: false,
    };
    const existing = new Map([[dedupKey(b.fromUid, b.clientMsgNo), stored]]);
    expect(classifyBatch([a, b, again], existing)).toEqual([
      { kind: "new" },
      { kind: "stored", stored: { ...stored, duplicate: true } },
      { kind: "sameAs", index: 0 },
    ]);
  });

  it("the same clientMsgNo from two senders is two messages", () => {
    const a = msg("a", "b", { clientMsgNo: "same" });
    const c = msg("c", "b", { clientMsgNo: "same" });
    expect(classifyBatch([a, c], new Map())).toEqual([
      { kind: "new" },
      { kind: "new" },
    ]);
  });
});

describe("planSeqs", () => {
  it("counts per channel in a fixed order and numbers each channel's messages in batch order", () => {
    const items = [
      msg("a", "b"),
      msg("c", "d"),
      msg("b", "a"),
      msg("a", "b"),
      msg("d", "c"),
    ];
    const plan = planSeqs(items);
    expect(plan.channels.map((c) => [c.channelKey, c.count])).toEqual([
      ["a@b", 3],
      ["c@d", 2],
    ]);
    expect(plan.offsets).toEqual([1, 1, 2, 3, 2]);
  });

  it("with the channel's last seq after allocation, seqs are contiguous (last - count + offset)", () => {
    const items = [msg("a", "b"), msg("a", "b"), msg("a", "b")];
    const { channels, offsets } = planSeqs(items);
    const count = channels[0]!.count;
    const last = 10 + count;
    expect(offsets.map((o) => last - count + o)).toEqual([11, 12, 13]);
  });

  it("each channel's conversation moves to its last non-command message; each party's last own message is read-to", () => {
    const a1 = msg("a", "b");
    const b1 = msg("b", "a");
    const cmd = msg("a", "b", { updatesConversations: false });
    const [plan] = planSeqs([a1, b1, cmd]).channels;
    expect(plan).toEqual({
      channelKey: "a@b",
      channelType: 1,
      count: 3,
      uidLo: "a",
      uidHi: "b",
      convOffset: 2,
      convMessageId: b1.id,
      convClientMsgNo: b1.clientMsgNo,
      convTimestamp: b1.timestamp,
      loSentOffset: 1,
      hiSentOffset: 2,
    });
  });

  it("a batch of commands only leaves the conversation alone", () => {
    const [plan] = planSeqs([
      msg("b", "a", { updatesConversations: false }),
    ]).channels;
    expect(plan).toMatchObject({
      count: 1,
      convOffset: 0,
      convMessageId: null,
      loSentOffset: 0,
      hiSentOffset: 0,
    });
  });
});
