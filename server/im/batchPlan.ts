// The decisions of one group-commit batch, without I/O: which messages are duplicates (of a stored
// row or of an earlier one in the batch), which messageSeq each new one gets (contiguous per
// channel), and how each user's conversation moves. persistBatch.ts turns them into SQL.

/** A message on its way to storage (ids and timestamps are assigned before the batch). */
export interface MessageToStore {
  id: bigint;
  channelKey: string;
  channelType: number;
  fromUid: string;
  /** The channelID the sender used (personal: the recipient). */
  toUid: string;
  clientMsgNo: string;
  clientSeq: number;
  setting: number;
  header: number;
  contentType: number;
  expire: number;
  topic: string | null;
  /** Seconds. */
  timestamp: number;
  /** Plaintext payload JSON. */
  payload: string;
  /** False for command messages: stored and delivered, conversations untouched. */
  updatesConversations: boolean;
}

/** What the sender is told: the stored message (the original one for a duplicate). */
export interface StoredMessage {
  messageId: bigint;
  messageSeq: number;
  timestamp: number;
  duplicate: boolean;
}

/** Dedup key of a message: the sender and its clientMsgNo. */
export function dedupKey(fromUid: string, clientMsgNo: string): string {
  return `${fromUid}\u0000${clientMsgNo}`;
}

export type Disposition =
  | { kind: "new" }
  | { kind: "stored"; stored: StoredMessage }
  | { kind: "sameAs"; index: number };

/**
 * Per item: new, a duplicate of a stored message (`existing` by dedupKey), or a duplicate of an
 * earlier item of the same batch.
 */
export function classifyBatch(
  items: readonly MessageToStore[],
  existing: ReadonlyMap<string, StoredMessage>,
): Disposition[] {
  const firstInBatch = new Map<string, number>();
  return items.map((item, index) => {
    const key = dedupKey(item.fromUid, item.clientMsgNo);
    const stored = existing.get(key);
    if (stored !== undefined)
      return { kind: "stored", stored: { ...stored, duplicate: true } };
    const first = firstInBatch.get(key);
    if (first !== undefined) return { kind: "sameAs", index: first };
    firstInBatch.set(key, index);
    return { kind: "new" };
  });
}

/** Channel key + type, the unit messageSeq counts in. */
export function channelSlot(channelKey: string, channelType: number): string {
  return `${channelType}:${channelKey}`;
}

/** One channel's share of a batch: how many seqs it needs and what its conversation shows. */
export interface ChannelPlan {
  channelKey: string;
  channelType: number;
  /** New messages (the storage allocates this many seqs). */
  count: number;
  /** The two parties, smaller uid first (personal channels). */
  uidLo: string;
  uidHi: string;
  /** Offset of the last message that is not a command (0 = only commands): the conversation's last message. */
  convOffset: number;
  convMessageId: bigint | null;
  convClientMsgNo: string;
  convTimestamp: number;
  /** Offsets of the last non-command message each party sent (0 = none): sending implies having read. */
  loSentOffset: number;
  hiSentOffset: number;
}

/** How the new messages of a batch get their seqs, and what each channel's row becomes. */
export interface SeqPlan {
  /** In a fixed (sorted) order, so concurrent writers lock channels in the same order. */
  channels: ChannelPlan[];
  /**
   * Per item, its 1-based place among its channel's new messages in batch order: with the
   * channel's last seq after allocation `last`, the item's seq is `last - count + offset`.
   */
  offsets: number[];
}

/**
 * Seq assignment of the new messages — contiguous per channel, in batch order, so a channel's seqs
 * never skip and never repeat (the storage adds them to the channel's last seq atomically) — and
 * each channel's conversation change: its last non-command message and the last one each party
 * sent (commands are stored and numbered but leave conversations alone).
 *
 * @example planSeqs([a→b, c→d, a→b]).offsets // [1, 1, 2]
 */
export function planSeqs(items: readonly MessageToStore[]): SeqPlan {
  const bySlot = new Map<string, ChannelPlan>();
  const offsets = items.map((item) => {
    const slot = channelSlot(item.channelKey, item.channelType);
    let plan = bySlot.get(slot);
    if (plan === undefined) {
      const fromIsLo = item.fromUid < item.toUid;
      plan = {
        channelKey: item.channelKey,
        channelType: item.channelType,
        count: 0,
        uidLo: fromIsLo ? item.fromUid : item.toUid,
        uidHi: fromIsLo ? item.toUid : item.fromUid,
        convOffset: 0,
        convMessageId: null,
        convClientMsgNo: "",
        convTimestamp: 0,
        loSentOffset: 0,
        hiSentOffset: 0,
      };
      bySlot.set(slot, plan);
    }
    plan.count += 1;
    if (item.updatesConversations) {
      plan.convOffset = plan.count;
      plan.convMessageId = item.id;
      plan.convClientMsgNo = item.clientMsgNo;
      plan.convTimestamp = item.timestamp;
      if (item.fromUid === plan.uidLo) plan.loSentOffset = plan.count;
      else plan.hiSentOffset = plan.count;
    }
    return plan.count;
  });
  const channels = [...bySlot.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, plan]) => plan);
  return { channels, offsets };
}
