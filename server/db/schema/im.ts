// Messaging storage: messages, channels (seqs and the conversation's last message), per-user
// conversation state, message extras (receipts, revoke, edits), reminders, service-staff
// assignments and last-offline times. Uids are IM ids (users.im_id); the gateway's group commit
// writes messages and channels in batches.
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { users } from "./users";

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Per-user conversation versions (incremental conversation sync); one sequence for everyone. */
export const imConversationVersion = pgSequence("im_conversation_version");
/** Versions of message extras (messageExtraSync). */
export const imExtraVersion = pgSequence("im_extra_version");
/** Versions of reminders (reminder sync). */
export const imReminderVersion = pgSequence("im_reminder_version");

/**
 * One row per stored channel, written once per channel per group-commit batch: the last messageSeq
 * handed out (seqs are contiguous from 1), the two parties, and what the conversation list shows
 * (the last message that is not a command, the last seq each party sent, and a version).
 */
export const imChannels = pgTable(
  "im_channels",
  {
    /** Personal channel: the two uids ordered, joined by "@" (see personalChannelKey). */
    channelKey: text("channel_key").notNull(),
    channelType: smallint("channel_type").notNull(),
    lastSeq: integer("last_seq").notNull(),
    /** The smaller uid of a personal channel. */
    uidLo: text("uid_lo").notNull().default(""),
    /** The larger uid of a personal channel. */
    uidHi: text("uid_hi").notNull().default(""),
    /** Seq of the last message that is not a command (0 = none yet). */
    convSeq: integer("conv_seq").notNull().default(0),
    convMessageId: bigint("conv_message_id", { mode: "bigint" }),
    convClientMsgNo: text("conv_client_msg_no").notNull().default(""),
    /** Seconds of that message. */
    convTimestamp: integer("conv_timestamp").notNull().default(0),
    /** Seq of the last (non-command) message uid_lo sent: sending implies having read. */
    loSentSeq: integer("lo_sent_seq").notNull().default(0),
    hiSentSeq: integer("hi_sent_seq").notNull().default(0),
    /** Conversation version of both parties' views (from im_conversation_version). */
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.channelKey, t.channelType] }),
    index("im_channels_uid_lo").on(t.uidLo),
    index("im_channels_uid_hi").on(t.uidHi),
  ],
);

/** Every persisted message; the payload is the plaintext JSON (validated UTF-8). */
export const imMessages = pgTable(
  "im_messages",
  {
    /** Server message id (< 2^53, see MessageIdGenerator). */
    id: bigint("id", { mode: "bigint" }).primaryKey(),
    channelKey: text("channel_key").notNull(),
    channelType: smallint("channel_type").notNull(),
    messageSeq: integer("message_seq").notNull(),
    fromUid: text("from_uid").notNull(),
    /** The channelID the sender used (personal chat: the recipient's uid). */
    toUid: text("to_uid").notNull(),
    clientMsgNo: text("client_msg_no").notNull(),
    clientSeq: integer("client_seq").notNull().default(0),
    /** The SEND setting byte (receipt 0x80, topic 0x08 …). */
    setting: smallint("setting").notNull().default(0),
    /** Header flags as sent: red dot 0x02, sync-once 0x04. */
    header: smallint("header").notNull().default(0),
    contentType: integer("content_type").notNull(),
    expire: integer("expire").notNull().default(0),
    topic: text("topic"),
    /** Seconds since the epoch. */
    timestamp: integer("timestamp").notNull(),
    payload: text("payload").notNull(),
  },
  (t) => [
    unique("im_messages_channel_seq").on(
      t.channelKey,
      t.channelType,
      t.messageSeq,
    ),
    unique("im_messages_sender_client_msg_no").on(t.fromUid, t.clientMsgNo),
  ],
);

/**
 * One user's own state of a conversation, written only when it changes (read, deleted). Unread is
 * derived: red-dot messages from the peer after max(readed_to, what the user sent, deleted_to).
 */
export const imConversations = pgTable(
  "im_conversations",
  {
    uid: text("uid").notNull(),
    /** Personal chat: the peer's uid. */
    channelId: text("channel_id").notNull(),
    channelType: smallint("channel_type").notNull(),
    readedToSeq: integer("readed_to_seq").notNull().default(0),
    /** Messages at or below this seq are hidden for this user (conversation deleted). */
    deletedToSeq: integer("deleted_to_seq").notNull().default(0),
    version: bigint("version", { mode: "number" })
      .notNull()
      .default(sql`nextval('im_conversation_version')`),
  },
  (t) => [primaryKey({ columns: [t.uid, t.channelId, t.channelType] })],
);

/** Receipts, revoke and edits of a message; a row exists once something changed. */
export const imMessageExtras = pgTable(
  "im_message_extras",
  {
    messageId: bigint("message_id", { mode: "bigint" })
      .primaryKey()
      .references(() => imMessages.id, { onDelete: "cascade" }),
    channelKey: text("channel_key").notNull(),
    channelType: smallint("channel_type").notNull(),
    readed: smallint("readed").notNull().default(0),
    readedAt: at("readed_at"),
    readedCount: integer("readed_count").notNull().default(0),
    unreadCount: integer("unread_count").notNull().default(0),
    revoke: smallint("revoke").notNull().default(0),
    revoker: text("revoker"),
    isEdit: smallint("is_edit").notNull().default(0),
    editedAt: at("edited_at"),
    contentEdit: text("content_edit"),
    extraVersion: bigint("extra_version", { mode: "number" })
      .notNull()
      .default(sql`nextval('im_extra_version')`),
  },
  (t) => [
    index("im_message_extras_channel_version").on(
      t.channelKey,
      t.channelType,
      t.extraVersion,
    ),
  ],
);

/** Server-created reminders for a user (e.g. "please sign your agreement"). */
export const imReminders = pgTable(
  "im_reminders",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The user the reminder is for. */
    uid: text("uid").notNull(),
    channelId: text("channel_id").notNull(),
    channelType: smallint("channel_type").notNull(),
    reminderType: integer("reminder_type").notNull(),
    text: text("text").notNull().default(""),
    /** JSON text. */
    data: text("data"),
    messageId: bigint("message_id", { mode: "bigint" }),
    messageSeq: integer("message_seq").notNull().default(0),
    clientMsgNo: text("client_msg_no").notNull().default(""),
    isLocate: smallint("is_locate").notNull().default(0),
    done: smallint("done").notNull().default(0),
    version: bigint("version", { mode: "number" })
      .notNull()
      .default(sql`nextval('im_reminder_version')`),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("im_reminders_uid_version").on(t.uid, t.version)],
);

/** The service-staff account each user talks to (sticky; chosen least-loaded). */
export const imServiceAssignments = pgTable(
  "im_service_assignments",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    serviceUserId: integer("service_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    assignedAt: at("assigned_at").notNull().defaultNow(),
  },
  (t) => [index("im_service_assignments_service_idx").on(t.serviceUserId)],
);

/** When each user's last IM connection closed. */
export const imPresence = pgTable("im_presence", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  lastOfflineAt: at("last_offline_at").notNull(),
});
