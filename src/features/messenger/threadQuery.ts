// Reads of an open conversation from the IM database: a window of stored messages from `fromSeq`
// up (by the [channelId+channelType+messageSeq] index) plus own pending and failed messages (no seq
// yet; by [channelId+channelType+status]), merged in display order. One read transaction.
import { Dexie } from "dexie";
import type { AppDb } from "../../db/AppDb";
import type { ChannelRef } from "../../db/channelKey";
import {
  MessageStatus,
  type MessageRecord,
} from "../../db/entities/MessageRecord";
import { mergeThreadMessages } from "./threadRows";

/** Messages per page: the first window and each step back in history. */
export const THREAD_PAGE = 50;

export interface ThreadWindow {
  /** The lowest seq the window covers (1 at the beginning of history); 0 when nothing is known. */
  readonly fromSeq: number;
  /** The highest seq known in the channel (stored or announced by the conversation). */
  readonly topSeq: number;
  readonly messages: readonly MessageRecord[];
  /** Seq of the oldest stored message in the window, null when none. */
  readonly oldestSeq: number | null;
}

/** The first window when none is pinned: the last `page` seqs below the conversation's top. */
export function initialFromSeq(topSeq: number, page: number): number {
  return Math.max(1, topSeq - page + 1);
}

/**
 * The window of `channel` from `fromSeq` (or, when null, the latest `page` seqs). Pending and failed
 * messages older than the window stay out until the window reaches seq 1. Every read of a window
 * goes out at once (one round trip to IndexedDB): the conversation, the stored rows, the pending ones.
 */
export async function loadThreadWindow(
  db: AppDb,
  channel: ChannelRef,
  fromSeq: number | null,
  page: number = THREAD_PAGE,
): Promise<ThreadWindow> {
  const { channelId, channelType } = channel;
  return db.transaction("r", [db.messages, db.conversations], async () => {
    const bySeq = db.messages.where("[channelId+channelType+messageSeq]");
    // NOTE: one getAll per status rather than anyOf, which walks a cursor: this read runs again
    // after every write to the channel.
    const byStatus = (status: MessageStatus) =>
      db.messages
        .where("[channelId+channelType+status]")
        .equals([channelId, channelType, status])
        .toArray();
    const [conversation, rows, waiting, failed] = await Promise.all([
      db.conversations.get([channelId, channelType]),
      fromSeq === null
        ? bySeq
            .between(
              [channelId, channelType, 1],
              [channelId, channelType, Dexie.maxKey],
            )
            .reverse()
            .limit(page)
            .toArray()
            .then((newestFirst) => newestFirst.reverse())
        : bySeq
            .between(
              [channelId, channelType, fromSeq],
              [channelId, channelType, Dexie.maxKey],
            )
            .toArray(),
      byStatus(MessageStatus.WAIT),
      byStatus(MessageStatus.FAIL),
    ]);
    const newestStored = rows[rows.length - 1]?.messageSeq ?? 0;
    const topSeq = Math.max(conversation?.lastMessageSeq ?? 0, newestStored);
    const from = fromSeq ?? initialFromSeq(topSeq, page);
    // NOTE: the newest `page` stored rows may reach below the window when seqs are missing locally;
    // those wait for the window to get there, so the thread never shows a hole as if it were history.
    const stored = rows.filter((m) => (m.messageSeq ?? 0) >= from);
    const unsettled = [...failed, ...waiting].filter(
      (m) => m.messageSeq === undefined,
    );
    return {
      fromSeq: topSeq === 0 ? 0 : from,
      topSeq,
      messages: mergeThreadMessages(stored, unsettled, from <= 1),
      oldestSeq: stored[0]?.messageSeq ?? null,
    };
  });
}
