// The persisted receipt queue: entries waiting for the 2 s flush survive a reload, and a delivered
// batch marks its messages `readed` in the same transaction that dequeues it.
import type { AppDb } from "../../src/db/AppDb";
import { channelKey, parseChannelKey } from "../../src/db/channelKey";
import type { ReceiptRecord } from "../../src/db/entities/ReceiptRecord";
import type { ReceiptEntry } from "../inbox/receiptCoalescer";

/** Persists queued receipts (the coalescer's `persist` effect). Idempotent by messageId. */
export async function queueReceipts(
  db: AppDb,
  entries: readonly ReceiptEntry[],
  now: number,
): Promise<void> {
  const rows = entries.map((e): ReceiptRecord => {
    const { channelId, channelType } = parseChannelKey(e.channelKey);
    return {
      messageId: e.messageId,
      clientMsgNo: e.clientMsgNo,
      messageSeq: e.messageSeq,
      channelId,
      channelType,
      queuedAt: now,
    };
  });
  await db.receiptQueue.bulkPut(rows);
}

/** Every queued receipt, oldest first (to restore the coalescer at start). */
export async function loadReceiptQueue(db: AppDb): Promise<ReceiptEntry[]> {
  const rows = await db.receiptQueue.toArray();
  rows.sort((a, b) => a.queuedAt - b.queuedAt || a.messageSeq - b.messageSeq);
  return rows.map((r) => ({
    messageId: r.messageId,
    messageSeq: r.messageSeq,
    clientMsgNo: r.clientMsgNo,
    channelKey: channelKey(r),
  }));
}

/** A batch was delivered: dequeue it and mark its messages `readed`, in one transaction. */
export async function completeReceipts(
  db: AppDb,
  messageIds: readonly string[],
  now: number,
): Promise<void> {
  await db.transaction("rw", [db.receiptQueue, db.messages], async () => {
    await db.receiptQueue.bulkDelete([...messageIds]);
    await db.messages
      .where("messageId")
      .anyOf([...messageIds])
      .modify({ readed: true, readedAt: now });
  });
}
