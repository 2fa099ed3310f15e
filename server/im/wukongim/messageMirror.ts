// The read-through index of the messages WuKongIM stores, in our own tables (im_messages,
// im_channels), so that with IM_ENGINE=wukongim every rule that is ours — unread counting, deleted
// conversations, the peer-role filter, read receipts, revoke, reminders — keeps one implementation
// for both engines. WuKongIM assigns the ids and seqs; this only copies them: idempotent (a message
// seen twice, through the msg.notify webhook and a repair sync, is stored once) and order-free (a
// late, older message never moves a conversation backwards).
import { type SQL, sql } from "drizzle-orm";
import { ContentType, HeaderFlag } from "#protocol";
import type { Db } from "../../db/createDb";
import { personalChannelKey } from "../../domain/messenger/channelKey";
import { rowsOf } from "../../domain/messenger/wireMessage";

/** A stored WuKongIM message in a personal channel, as its sender sent it. */
export interface MirroredMessage {
  messageId: bigint;
  messageSeq: number;
  clientMsgNo: string;
  fromUid: string;
  /** The recipient: the channel id as the sender used it. */
  toUid: string;
  channelType: number;
  /** Header flags (red dot 0x02, sync-once 0x04). */
  header: number;
  setting: number;
  expire: number;
  topic: string | null;
  /** Seconds. */
  timestamp: number;
  /** The plaintext payload JSON. */
  payload: string;
  /** The payload's `type`. */
  contentType: number;
}

/** Channel after a mirror write: the largest seq it now holds. */
export interface MirroredChannel {
  channelKey: string;
  channelType: number;
  lastSeq: number;
}

// NOTE: one statement per batch (one JSON parameter, as the group commit's INSERT_BATCH). Rows
// that are already there (same id, same seq, or same sender + clientMsgNo) are skipped; each
// channel then takes the largest seq seen (even of a skipped row: WuKongIM does not de-duplicate
// clientMsgNo, and a second copy it stored must not look like a hole to fill forever), its newest non-command message as the conversation's last,
// and the largest seq each party sent (sending implies having read). A conversation's version
// moves when a non-command message arrived, so incremental conversation syncs see it.
const MIRROR_BATCH = (doc: string): SQL => sql`
with incoming as (
  select * from json_to_recordset(${doc}::json) as m(id bigint, k text, t smallint, s int, f text,
    r text, cmn text, cs int, st smallint, h smallint, ty int, ex int, tp text, ts int, pl text,
    lo text, hi text)
),
inserted as (
  insert into im_messages (id, channel_key, channel_type, message_seq, from_uid, to_uid,
    client_msg_no, client_seq, setting, header, content_type, expire, topic, timestamp, payload)
  select id, k, t, s, f, r, cmn, cs, st, h, ty, ex, tp, ts, pl from incoming
  on conflict do nothing
  returning id, channel_key, channel_type, message_seq, from_uid, client_msg_no, content_type,
    timestamp
),
conv as (
  select distinct on (channel_key, channel_type) channel_key, channel_type, message_seq, id,
    client_msg_no, timestamp
  from inserted where content_type <> ${sql.raw(String(ContentType.CMD))}
  order by channel_key, channel_type, message_seq desc
),
per_channel as (
  select n.k as channel_key, n.t as channel_type, max(n.s) as last_seq, min(n.lo) as lo,
    min(n.hi) as hi,
    coalesce(max(i.message_seq) filter (
      where i.content_type <> ${sql.raw(String(ContentType.CMD))} and i.from_uid = n.lo), 0) as los,
    coalesce(max(i.message_seq) filter (
      where i.content_type <> ${sql.raw(String(ContentType.CMD))} and i.from_uid = n.hi), 0) as his,
    count(i.id) as added
  from incoming n left join inserted i on i.id = n.id
  group by n.k, n.t
)
insert into im_channels as c (channel_key, channel_type, last_seq, uid_lo, uid_hi, conv_seq,
  conv_message_id, conv_client_msg_no, conv_timestamp, lo_sent_seq, hi_sent_seq, version)
select p.channel_key, p.channel_type, p.last_seq, p.lo, p.hi, coalesce(v.message_seq, 0), v.id,
  coalesce(v.client_msg_no, ''), coalesce(v.timestamp, 0), p.los, p.his,
  case when v.message_seq is null then 0 else nextval('im_conversation_version') end
from per_channel p left join conv v
  on v.channel_key = p.channel_key and v.channel_type = p.channel_type
on conflict (channel_key, channel_type) do update set
  last_seq = greatest(c.last_seq, excluded.last_seq),
  conv_seq = greatest(c.conv_seq, excluded.conv_seq),
  conv_message_id = case when excluded.conv_seq > c.conv_seq then excluded.conv_message_id
                         else c.conv_message_id end,
  conv_client_msg_no = case when excluded.conv_seq > c.conv_seq then excluded.conv_client_msg_no
                            else c.conv_client_msg_no end,
  conv_timestamp = case when excluded.conv_seq > c.conv_seq then excluded.conv_timestamp
                        else c.conv_timestamp end,
  lo_sent_seq = greatest(c.lo_sent_seq, excluded.lo_sent_seq),
  hi_sent_seq = greatest(c.hi_sent_seq, excluded.hi_sent_seq),
  version = case when excluded.version > 0 then excluded.version else c.version end
returning channel_key, channel_type, last_seq, (select p.added from per_channel p
  where p.channel_key = c.channel_key and p.channel_type = c.channel_type) as added`;

/**
 * Copies stored WuKongIM messages into our tables (messages with seq 0 were never stored and are
 * skipped). Returns the channels that got new rows, with the largest seq each now holds.
 */
export async function mirrorMessages(
  db: Db,
  messages: readonly MirroredMessage[],
): Promise<MirroredChannel[]> {
  const stored = messages.filter((m) => m.messageSeq > 0);
  if (stored.length === 0) return [];
  const doc = stored.map((m) => {
    const [lo, hi] =
      m.fromUid < m.toUid ? [m.fromUid, m.toUid] : [m.toUid, m.fromUid];
    return {
      id: m.messageId.toString(),
      k: personalChannelKey(m.fromUid, m.toUid),
      t: m.channelType,
      s: m.messageSeq,
      f: m.fromUid,
      r: m.toUid,
      cmn: m.clientMsgNo,
      cs: 0,
      st: m.setting,
      h: m.header & (HeaderFlag.RED_DOT | HeaderFlag.SYNC_ONCE),
      ty: m.contentType,
      ex: m.expire,
      tp: m.topic,
      ts: m.timestamp,
      pl: m.payload,
      lo,
      hi,
    };
  });
  const rows = rowsOf<{
    channel_key: string;
    channel_type: number;
    last_seq: number;
    added: number | string;
  }>(await db.execute(MIRROR_BATCH(JSON.stringify(doc))));
  return rows
    .filter((row) => Number(row.added) > 0)
    .map((row) => ({
      channelKey: row.channel_key,
      channelType: row.channel_type,
      lastSeq: row.last_seq,
    }));
}
