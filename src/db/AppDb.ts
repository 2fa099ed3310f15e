// The per-user IM database (one per signed-in IM uid): schema and typed tables. The worker is its
// only writer; tabs read it with liveQuery. Versions are only ever appended, never edited.
import { Dexie, type EntityTable, type Table } from "dexie";
import type { ChannelInfoRecord } from "./entities/ChannelInfoRecord";
import type { ConversationRecord } from "./entities/ConversationRecord";
import type { MessageRecord } from "./entities/MessageRecord";
import type { OutboxRecord } from "./entities/OutboxRecord";
import type { ReceiptRecord } from "./entities/ReceiptRecord";
import type { ReminderRecord } from "./entities/ReminderRecord";
import type { SyncCursorRecord } from "./entities/SyncCursorRecord";
import type { UploadRecord } from "./entities/UploadRecord";

/** Primary key of tables keyed by channel: `[channelId, channelType]`. */
export type ChannelPk = [channelId: string, channelType: number];

/** The IM database of one user. Open it through `openImDb` (src/db/db.ts), not directly. */
export class AppDb extends Dexie {
  declare readonly messages: Table<MessageRecord, string>;
  declare readonly conversations: Table<ConversationRecord, ChannelPk>;
  declare readonly channelInfo: Table<ChannelInfoRecord, ChannelPk>;
  declare readonly reminders: Table<ReminderRecord, number>;
  declare readonly outbox: EntityTable<OutboxRecord, "seq">;
  declare readonly uploads: Table<UploadRecord, string>;
  declare readonly receiptQueue: Table<ReceiptRecord, string>;
  declare readonly syncCursors: Table<SyncCursorRecord, string>;

  constructor(name: string) {
    super(name);
    // NOTE: `[channelId+channelType+status]` lists every row of a channel (status is always set),
    // including pending ones that have no messageSeq yet and so are absent from the seq index.
    this.version(1).stores({
      messages:
        "clientMsgNo,&messageId,[channelId+channelType+messageSeq],[channelId+channelType+status]",
      conversations: "[channelId+channelType],timestamp",
      channelInfo: "[channelId+channelType]",
      reminders: "reminderId,[channelId+channelType]",
      outbox: "++seq,&clientMsgNo,[channelId+channelType]",
      uploads: "clientMsgNo",
      receiptQueue: "messageId,[channelId+channelType]",
      syncCursors: "name",
    });
  }
}
