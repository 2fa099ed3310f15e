// A read receipt waiting to be flushed (spec §9: receipts are coalesced per channel every 2 s).

/** A receipt queue row. Primary key `messageId`, index `[channelId+channelType]`. */
export interface ReceiptRecord {
  messageId: string;
  clientMsgNo: string;
  channelId: string;
  channelType: number;
  messageSeq: number;
  queuedAt: number;
}
