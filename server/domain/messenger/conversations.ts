// A user's conversations, read from the channel rows the group commit keeps current plus the
// user's own state (read-to, deleted-to): the list with recent messages and peer profiles (full or
// incremental by version), marking read, deleting (hidden until a new message; older history stays
// hidden), and the total unread. Unread = red-dot messages from the peer after the user's read
// point, which is max(read-to, the user's own last message, deleted-to).
import { type SQL, sql } from "drizzle-orm";
import type { Static } from "typebox";
import type { Db } from "../../db/createDb";
import type { Conversation, ConversationState } from "#contract/schemas";
import type { ImPresence } from "../users/presence";
import { PROFILE_COLUMNS, type ProfileRow, toProfile } from "./profiles";
import {
  MESSAGE_COLUMNS,
  type MessageRow,
  rowsOf,
  toWireMessage,
} from "./wireMessage";

export type PeerFilter = "all" | "service" | "monk";

export interface ListOptions {
  filter: PeerFilter;
  /** 0 = the visible list; > 0 = what changed after it (deleted ones included, flagged). */
  version: number;
  /** Recent messages per conversation. */
  msgCount: number;
  limit: number;
}

/** One user's view of one personal channel. */
interface ViewRow {
  channel_key: string;
  channel_type: number;
  peer: string;
  last_seq: number;
  conv_seq: number;
  conv_client_msg_no: string;
  conv_timestamp: number;
  read_to: number;
  deleted_to: number;
  version: string;
  unread: number;
}

/**
 * The caller's views of its personal channels (optionally only the one with `peer`), with unread
 * counted from the messages. `extra` filters further (it may use the view's columns).
 */
function viewsOf(uid: string, peer: string | null, extra: SQL = sql``): SQL {
  return sql`
    with views as (
      select c.channel_key, c.channel_type, c.last_seq, c.conv_seq, c.conv_client_msg_no,
        c.conv_timestamp, p.peer,
        greatest(coalesce(s.readed_to_seq, 0), p.sent, coalesce(s.deleted_to_seq, 0)) as read_to,
        coalesce(s.deleted_to_seq, 0) as deleted_to,
        greatest(c.version, coalesce(s.version, 0)) as version
      from im_channels c
      cross join lateral (select
          case when c.uid_lo = ${uid} then c.uid_hi else c.uid_lo end as peer,
          case when c.uid_lo = ${uid} then c.lo_sent_seq else c.hi_sent_seq end as sent) p
      left join im_conversations s
        on s.uid = ${uid} and s.channel_id = p.peer and s.channel_type = c.channel_type
      where (c.uid_lo = ${uid} or c.uid_hi = ${uid}) and c.channel_type = 1 and c.conv_seq > 0
        ${peer === null ? sql`` : sql`and p.peer = ${peer}`}
    )
    select v.channel_key, v.channel_type, v.peer, v.last_seq, v.conv_seq, v.conv_client_msg_no,
      v.conv_timestamp, v.read_to, v.deleted_to, v.version::text as version,
      (select count(*)::int from im_messages m
        where m.channel_key = v.channel_key and m.channel_type = v.channel_type
          and m.message_seq > v.read_to and m.from_uid = v.peer
          and (m.header & 2) <> 0 and m.content_type <> 99) as unread
    from views v ${extra}`;
}

/** The seq at or below which `uid` deleted the chat with `peer` (0 = nothing hidden). */
export async function deletedToSeq(
  db: Db,
  uid: string,
  peer: string,
): Promise<number> {
  const [row] = rowsOf<{ deleted_to_seq: number }>(
    await db.execute(sql`
      select deleted_to_seq from im_conversations
      where uid = ${uid} and channel_id = ${peer} and channel_type = 1`),
  );
  return row?.deleted_to_seq ?? 0;
}

export async function listConversations(
  db: Db,
  presence: ImPresence,
  uid: string,
  options: ListOptions,
): Promise<Static<typeof Conversation>[]> {
  const filter =
    options.filter === "service"
      ? sql`and u.is_service = 1`
      : options.filter === "monk"
        ? sql`and u.is_monk = 1`
        : sql``;
  const visibleOnly =
    options.version === 0 ? sql`and v.conv_seq > v.deleted_to` : sql``;
  const rows = rowsOf<ViewRow & ProfileRow>(
    await db.execute(sql`
      select v.*, ${PROFILE_COLUMNS}
      from (${viewsOf(uid, null)}) v
      join users u on u.im_id = v.peer
      left join im_presence p on p.user_id = u.id
      where v.version::bigint > ${options.version} ${visibleOnly} ${filter}
      order by v.conv_timestamp desc, v.version::bigint desc
      limit ${options.limit}`),
  );
  const recents = await recentMessages(db, rows, options.msgCount);
  const online = await presence.onlineOf(rows.map((row) => row.user_id));
  return rows.map((row) => ({
    channel_id: row.peer,
    channel_type: row.channel_type,
    unread: row.unread,
    timestamp: row.conv_timestamp,
    last_msg_seq: row.conv_seq,
    last_client_msg_no: row.conv_client_msg_no,
    offset_msg_seq: row.deleted_to,
    readed_to_msg_seq: row.read_to,
    version: Number(row.version),
    is_deleted: row.conv_seq <= row.deleted_to ? 1 : 0,
    recents: (recents.get(row.channel_key) ?? []).map((m) =>
      toWireMessage(m, uid),
    ),
    userInfo: toProfile(row, online.has(row.user_id)),
  }));
}

/** The newest `count` visible messages of each conversation, oldest first, by channel key. */
async function recentMessages(
  db: Db,
  rows: readonly ViewRow[],
  count: number,
): Promise<Map<string, MessageRow[]>> {
  const out = new Map<string, MessageRow[]>();
  const wanted = rows.filter((r) => r.conv_seq > r.deleted_to);
  if (count === 0 || wanted.length === 0) return out;
  const result = await db.execute(sql`
    select * from (
      select ${MESSAGE_COLUMNS}, m.channel_key,
        row_number() over (partition by m.channel_key order by m.message_seq desc) as rank
      from unnest(${sql.param(wanted.map((r) => r.channel_key))}::text[],
                  ${sql.param(wanted.map((r) => r.deleted_to))}::int[]) as w(channel_key, hidden)
      join im_messages m on m.channel_key = w.channel_key and m.channel_type = 1
        and m.message_seq > w.hidden
      left join im_message_extras e on e.message_id = m.id
    ) ranked where rank <= ${count}
    order by channel_key, message_seq`);
  for (const row of rowsOf<MessageRow & { channel_key: string }>(result)) {
    const list = out.get(row.channel_key) ?? [];
    list.push(row);
    out.set(row.channel_key, list);
  }
  return out;
}

/** One conversation as `uid` sees it, or null when nothing (but commands) was said yet. */
export async function conversationState(
  db: Db,
  uid: string,
  peer: string,
): Promise<Static<typeof ConversationState> | null> {
  const [row] = rowsOf<ViewRow>(await db.execute(viewsOf(uid, peer)));
  if (row === undefined) return null;
  return {
    channel_id: peer,
    channel_type: row.channel_type,
    unread: row.unread,
    last_msg_seq: row.conv_seq,
    readed_to_msg_seq: row.read_to,
    version: Number(row.version),
  };
}

/**
 * Marks the chat with `peer` read, leaving the newest `unread` red-dot messages from the peer
 * unread (0 = all read). Returns the conversation's new state, or null when there is none yet.
 */
export async function markRead(
  db: Db,
  uid: string,
  peer: string,
  channelKey: string,
  unread: number,
): Promise<Static<typeof ConversationState> | null> {
  await db.execute(sql`
    insert into im_conversations as s (uid, channel_id, channel_type, readed_to_seq)
    select ${uid}, ${peer}, 1, coalesce(
      (select min(x.message_seq) - 1 from (
        select m.message_seq from im_messages m
        where m.channel_key = c.channel_key and m.channel_type = 1 and m.from_uid = ${peer}
          and (m.header & 2) <> 0 and m.content_type <> 99
        order by m.message_seq desc limit ${unread}) x),
      c.last_seq)
    from im_channels c where c.channel_key = ${channelKey} and c.channel_type = 1
    on conflict (uid, channel_id, channel_type) do update set
      readed_to_seq = excluded.readed_to_seq, version = nextval('im_conversation_version')`);
  return conversationState(db, uid, peer);
}

/**
 * Marks the chat with `peer` read up to `seq` (capped at the channel's last seq). The read point
 * only moves forward, so a late or repeated mark never un-reads, and messages stored after `seq`
 * stay unread however late the mark arrives. Returns the new state, or null when there is none yet.
 */
export async function markReadTo(
  db: Db,
  uid: string,
  peer: string,
  channelKey: string,
  seq: number,
): Promise<Static<typeof ConversationState> | null> {
  await db.execute(sql`
    insert into im_conversations as s (uid, channel_id, channel_type, readed_to_seq)
    select ${uid}, ${peer}, 1, least(${seq}::int, c.last_seq)
    from im_channels c where c.channel_key = ${channelKey} and c.channel_type = 1
    on conflict (uid, channel_id, channel_type) do update set
      readed_to_seq = greatest(s.readed_to_seq, excluded.readed_to_seq),
      version = nextval('im_conversation_version')`);
  return conversationState(db, uid, peer);
}

/** Hides the chat with `peer` and everything in it so far (a new message brings it back). */
export async function deleteConversation(
  db: Db,
  uid: string,
  peer: string,
  channelKey: string,
): Promise<void> {
  await db.execute(sql`
    insert into im_conversations as s (uid, channel_id, channel_type, readed_to_seq, deleted_to_seq)
    select ${uid}, ${peer}, 1, c.last_seq, c.last_seq
    from im_channels c where c.channel_key = ${channelKey} and c.channel_type = 1
    on conflict (uid, channel_id, channel_type) do update set
      readed_to_seq = excluded.readed_to_seq, deleted_to_seq = excluded.deleted_to_seq,
      version = nextval('im_conversation_version')`);
}

/** Total unread over the user's visible conversations. */
export async function unreadTotal(db: Db, uid: string): Promise<number> {
  const [row] = rowsOf<{ unread: number | string | null }>(
    await db.execute(sql`
      select coalesce(sum(v.unread), 0)::int as unread
      from (${viewsOf(uid, null)}) v where v.conv_seq > v.deleted_to`),
  );
  return Number(row?.unread ?? 0);
}
