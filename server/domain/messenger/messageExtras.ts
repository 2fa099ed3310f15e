// Message extras of a personal channel: read receipts (messages with the receipt setting that the
// caller received), revoke by the sender within two minutes, and sync by extra version. Every
// change takes a new version from one sequence, so `extra_version > v` finds it.
import { sql } from "drizzle-orm";
import type { Static } from "typebox";
import { SettingBit } from "#protocol";
import type { Db } from "../../db/createDb";
import { HttpError } from "../../http/errors";
import type { AuthContext } from "../auth/sessions";
import { forbidden, type Peer } from "./channelAccess";
import { deletedToSeq } from "./conversations";
import type { MessageExtra } from "#contract/schemas";
import {
  MESSAGE_COLUMNS,
  type MessageRow,
  rowsOf,
  toMessageExtra,
} from "./wireMessage";

/** How long after sending the sender may revoke. */
export const REVOKE_WINDOW_SECONDS = 120;
export const MAX_EXTRA_SYNC = 100;

interface OwnedRow {
  id: string;
  from_uid: string;
  setting: number;
  timestamp: number;
}

async function messagesOfChannel(
  db: Db,
  peer: Peer,
  ids: readonly bigint[],
): Promise<OwnedRow[]> {
  const rows = rowsOf<OwnedRow>(
    await db.execute(sql`
      select id::text as id, from_uid, setting, timestamp from im_messages
      where channel_key = ${peer.channelKey} and channel_type = 1
        and id = any(${sql.param(ids.map(String))}::bigint[])`),
  );
  if (rows.length !== new Set(ids).size)
    throw forbidden("a message id does not belong to this channel");
  return rows;
}

/**
 * Marks messages the caller received (sent by `peer`) with the receipt setting as read (readed 1, readed_count 1,
 * unread_count 0). Others of the channel are skipped; ids outside it are 403. Returns the ids
 * that changed.
 */
export async function markMessagesRead(
  db: Db,
  nowMs: number,
  peer: Peer,
  ids: readonly bigint[],
): Promise<string[]> {
  const rows = await messagesOfChannel(db, peer, ids);
  const eligible = rows
    .filter(
      (r) => r.from_uid === peer.imId && (r.setting & SettingBit.RECEIPT) !== 0,
    )
    .map((r) => r.id);
  if (eligible.length === 0) return [];
  const at = new Date(nowMs).toISOString();
  const changed = rowsOf<{ message_id: string }>(
    await db.execute(sql`
      insert into im_message_extras as e (message_id, channel_key, channel_type, readed,
        readed_at, readed_count, unread_count)
      select id, ${peer.channelKey}, 1, 1, ${at}::timestamptz, 1, 0
      from unnest(${sql.param(eligible)}::bigint[]) as x(id)
      on conflict (message_id) do update set readed = 1, readed_at = excluded.readed_at,
        readed_count = 1, unread_count = 0, extra_version = nextval('im_extra_version')
        where e.readed = 0
      returning message_id::text as message_id`),
  );
  return changed.map((r) => r.message_id);
}

/** The sender revokes one of its messages (≤ 2 minutes old). Idempotent. */
export async function revokeMessage(
  db: Db,
  nowMs: number,
  me: AuthContext,
  peer: Peer,
  messageId: bigint,
): Promise<Static<typeof MessageExtra>> {
  const [row] = await messagesOfChannel(db, peer, [messageId]);
  if (row === undefined)
    throw forbidden("a message id does not belong to this channel");
  if (row.from_uid !== me.imId)
    throw forbidden("only the sender may revoke a message");
  if (Math.floor(nowMs / 1000) - row.timestamp > REVOKE_WINDOW_SECONDS)
    throw new HttpError(
      "MESSAGE_REVOKE_EXPIRED",
      "messages can only be revoked within 2 minutes",
    );
  await db.execute(sql`
    insert into im_message_extras as e (message_id, channel_key, channel_type, revoke, revoker)
    values (${row.id}::bigint, ${peer.channelKey}, 1, 1, ${me.imId})
    on conflict (message_id) do update set revoke = 1, revoker = excluded.revoker,
      extra_version = nextval('im_extra_version')
      where e.revoke = 0`);
  const [stored] = rowsOf<MessageRow>(
    await db.execute(sql`
      select ${MESSAGE_COLUMNS}
      from im_messages m join im_message_extras e on e.message_id = m.id
      where m.id = ${row.id}::bigint`),
  );
  const extra = stored === undefined ? null : toMessageExtra(stored);
  if (extra === null) throw new Error("revoked message has no extras");
  return extra;
}

/** Extras of the channel changed after `version`, oldest change first, at most `limit` (≤ 100). */
export async function syncExtras(
  db: Db,
  me: AuthContext,
  peer: Peer,
  version: number,
  limit: number,
): Promise<Static<typeof MessageExtra>[]> {
  const hidden = await deletedToSeq(db, me.imId, peer.imId);
  const rows = rowsOf<MessageRow>(
    await db.execute(sql`
      select ${MESSAGE_COLUMNS}
      from im_message_extras e join im_messages m on m.id = e.message_id
      where e.channel_key = ${peer.channelKey} and e.channel_type = 1
        and e.extra_version > ${version} and m.message_seq > ${hidden}
      order by e.extra_version asc
      limit ${Math.min(limit, MAX_EXTRA_SYNC)}`),
  );
  return rows.flatMap((row) => {
    const extra = toMessageExtra(row);
    return extra === null ? [] : [extra];
  });
}
