// Reminders the server creates for a user (e.g. "please sign your agreement"): created by other
// domains through createReminder, synced by version, marked done by their owner.
import { sql } from "drizzle-orm";
import type { Static } from "typebox";
import type { Db } from "../../db/createDb";
import { forbidden } from "./channelAccess";
import type { ImEngine } from "./ImEngine";
import type { Reminder } from "#contract/schemas";
import { rowsOf } from "./wireMessage";

/** Reminder types: the client's (1, 2) and the server's own. */
export const ReminderType = {
  MENTION_ME: 1,
  APPLY_JOIN_GROUP: 2,
  /** The user has an agreement to sign (created by the contract flow). */
  SIGN_AGREEMENT: 101,
} as const;
export type ReminderType = (typeof ReminderType)[keyof typeof ReminderType];

/** The command pushed to the user's live connections when their reminders change. */
export const SYNC_REMINDERS_CMD = "syncReminders";

export interface NewReminder {
  /** The IM uid the reminder is for. */
  uid: string;
  channelId: string;
  channelType?: number;
  reminderType: number;
  text: string;
  data?: unknown;
  messageId?: bigint;
  messageSeq?: number;
  clientMsgNo?: string;
  isLocate?: boolean;
}

interface ReminderRow {
  id: string;
  uid: string;
  channel_id: string;
  channel_type: number;
  reminder_type: number;
  text: string;
  data: string | null;
  message_id: string | null;
  message_seq: number;
  client_msg_no: string;
  is_locate: number;
  done: number;
  version: string;
}

const COLUMNS =
  sql.raw(`id::text as id, uid, channel_id, channel_type, reminder_type, text, data,
  message_id::text as message_id, message_seq, client_msg_no, is_locate, done, version::text as version`);

function toReminder(row: ReminderRow): Static<typeof Reminder> {
  return {
    id: Number(row.id),
    reminder_type: row.reminder_type,
    channel_id: row.channel_id,
    channel_type: row.channel_type,
    uid: row.uid,
    text: row.text,
    data: row.data === null ? null : (JSON.parse(row.data) as unknown),
    message_id: row.message_id ?? "",
    message_seq: row.message_seq,
    client_msg_no: row.client_msg_no,
    is_locate: row.is_locate === 1 ? 1 : 0,
    version: Number(row.version),
    done: row.done === 1 ? 1 : 0,
  };
}

/**
 * Creates a reminder and tells the user's live connections to sync reminders.
 * @example await createReminder(db, im, { uid, channelId: serviceUid, reminderType: ReminderType.SIGN_AGREEMENT, text: "请签署协议" });
 */
export async function createReminder(
  db: Db,
  engine: Pick<ImEngine, "notify">,
  input: NewReminder,
): Promise<Static<typeof Reminder>> {
  const channelType = input.channelType ?? 1;
  const [row] = rowsOf<ReminderRow>(
    await db.execute(sql`
      insert into im_reminders (uid, channel_id, channel_type, reminder_type, text, data,
        message_id, message_seq, client_msg_no, is_locate)
      values (${input.uid}, ${input.channelId}, ${channelType}, ${input.reminderType},
        ${input.text}, ${input.data === undefined ? null : JSON.stringify(input.data)},
        ${input.messageId === undefined ? null : input.messageId.toString()}::bigint,
        ${input.messageSeq ?? 0}, ${input.clientMsgNo ?? ""}, ${input.isLocate === true ? 1 : 0})
      returning ${COLUMNS}`),
  );
  if (row === undefined) throw new Error("insert returned no reminder");
  engine.notify({
    toUid: input.uid,
    channelId: input.channelId,
    channelType,
    cmd: SYNC_REMINDERS_CMD,
  });
  return toReminder(row);
}

/** The user's reminders changed after `version` (done ones included), oldest change first. */
export async function syncReminders(
  db: Db,
  uid: string,
  version: number,
  limit: number,
  channelIds: readonly string[] | undefined,
): Promise<Static<typeof Reminder>[]> {
  const channels =
    channelIds === undefined || channelIds.length === 0
      ? sql``
      : sql`and channel_id = any(${sql.param([...channelIds])}::text[])`;
  const rows = rowsOf<ReminderRow>(
    await db.execute(sql`
      select ${COLUMNS} from im_reminders
      where uid = ${uid} and version > ${version} ${channels}
      order by version asc limit ${limit}`),
  );
  return rows.map(toReminder);
}

/**
 * Marks the user's reminders done (new versions); 403 when an id is not theirs. The user's live
 * devices hear "syncReminders" per channel touched, so the reminder closes everywhere at once.
 */
export async function markRemindersDone(
  db: Db,
  engine: Pick<ImEngine, "notify">,
  uid: string,
  ids: readonly number[],
): Promise<void> {
  const unique = [...new Set(ids)];
  const owned = rowsOf<{ id: string }>(
    await db.execute(sql`
      select id::text as id from im_reminders
      where uid = ${uid} and id = any(${sql.param(unique)}::bigint[])`),
  );
  if (owned.length !== unique.length)
    throw forbidden("a reminder is not yours");
  const closed = rowsOf<{ channel_id: string; channel_type: number }>(
    await db.execute(sql`
      update im_reminders set done = 1, version = nextval('im_reminder_version')
      where uid = ${uid} and done = 0 and id = any(${sql.param(unique)}::bigint[])
      returning channel_id, channel_type`),
  );
  const channels = new Map(
    closed.map((c) => [`${c.channel_type}:${c.channel_id}`, c]),
  );
  for (const channel of channels.values())
    engine.notify({
      toUid: uid,
      channelId: channel.channel_id,
      channelType: channel.channel_type,
      cmd: SYNC_REMINDERS_CMD,
    });
}
