// Stored message (+ extras) rows → WuKongIM's MessageResp wire shape (§13), as one user sees it:
// a personal chat's channel_id is the other party. Also the SQL select list those rows come from.
import { type SQL, sql } from "drizzle-orm";
import type { Static } from "typebox";
import { HeaderFlag, SettingBit } from "#protocol";
import type { MessageExtra, WireMessage } from "#contract/schemas";

/** A message row with its extras (null columns when no extras row exists). */
export interface MessageRow {
  id: string;
  message_seq: number;
  channel_type: number;
  from_uid: string;
  to_uid: string;
  client_msg_no: string;
  client_seq: number;
  setting: number;
  header: number;
  expire: number;
  topic: string | null;
  timestamp: number;
  payload: string;
  readed: number | null;
  readed_at: number | null;
  readed_count: number | null;
  unread_count: number | null;
  revoke: number | null;
  revoker: string | null;
  is_edit: number | null;
  edited_at: number | null;
  content_edit: string | null;
  extra_version: string | null;
}

/** Columns of `im_messages m left join im_message_extras e` in MessageRow's shape. */
export const MESSAGE_COLUMNS: SQL = sql.raw(`
  m.id::text as id, m.message_seq, m.channel_type, m.from_uid, m.to_uid, m.client_msg_no,
  m.client_seq, m.setting, m.header, m.expire, m.topic, m.timestamp, m.payload,
  e.readed, extract(epoch from e.readed_at)::int as readed_at, e.readed_count, e.unread_count,
  e.revoke, e.revoker, e.is_edit, extract(epoch from e.edited_at)::int as edited_at,
  e.content_edit, e.extra_version::text as extra_version`);

const flag = (b: boolean): 0 | 1 => (b ? 1 : 0);

/** The extras of a row, or null when nothing was ever recorded for the message. */
export function toMessageExtra(
  row: MessageRow,
): Static<typeof MessageExtra> | null {
  if (row.extra_version === null) return null;
  return {
    message_id: Number(row.id),
    message_id_str: row.id,
    message_seq: row.message_seq,
    readed: flag(row.readed === 1),
    readed_at: row.readed_at ?? 0,
    readed_count: row.readed_count ?? 0,
    unread_count: row.unread_count ?? 0,
    revoke: flag(row.revoke === 1),
    revoker: row.revoker ?? "",
    is_edit: flag(row.is_edit === 1),
    edited_at: row.edited_at ?? 0,
    content_edit: row.content_edit,
    extra_version: Number(row.extra_version),
  };
}

/** MessageResp for `viewerUid` (channel_id = the other party). */
export function toWireMessage(
  row: MessageRow,
  viewerUid: string,
): Static<typeof WireMessage> {
  return {
    header: {
      no_persist: 0,
      red_dot: flag((row.header & HeaderFlag.RED_DOT) !== 0),
      sync_once: flag((row.header & HeaderFlag.SYNC_ONCE) !== 0),
    },
    setting: row.setting,
    message_id: Number(row.id),
    message_idstr: row.id,
    message_seq: row.message_seq,
    client_seq: row.client_seq,
    client_msg_no: row.client_msg_no,
    stream_no: "",
    stream_flag: 0,
    from_uid: row.from_uid,
    channel_id: row.from_uid === viewerUid ? row.to_uid : row.from_uid,
    channel_type: row.channel_type,
    topic: (row.setting & SettingBit.TOPIC) !== 0 ? (row.topic ?? "") : "",
    expire: row.expire,
    timestamp: row.timestamp,
    payload: Buffer.from(row.payload, "utf8").toString("base64"),
    revoke: flag(row.revoke === 1),
    is_deleted: 0,
    message_extra: toMessageExtra(row),
  };
}

/** Rows of a drizzle `execute` result (pg and PGlite both expose `rows`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
