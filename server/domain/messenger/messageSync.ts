// messageSync (§13 /channel/messagesync): a page of one personal channel's history for the caller,
// older or newer than a seq, never showing what the caller deleted with the conversation.
import { sql } from "drizzle-orm";
import type { Static } from "typebox";
import type { Db } from "../../db/createDb";
import type { AuthContext } from "../auth/sessions";
import type { Peer } from "./channelAccess";
import { deletedToSeq } from "./conversations";
import type { MessageSyncResult } from "#contract/schemas";
import {
  MESSAGE_COLUMNS,
  type MessageRow,
  rowsOf,
  toWireMessage,
} from "./wireMessage";

export interface SyncWindow {
  startMessageSeq: number;
  endMessageSeq: number;
  limit: number;
  /** 0 = older (down), 1 = newer (up). */
  pullMode: 0 | 1;
}

export const DEFAULT_SYNC_LIMIT = 50;

/**
 * - start = end = 0: the newest `limit` messages;
 * - pull_mode 1 (newer): seq ≥ start and (end = 0 or seq < end), ascending from start;
 * - pull_mode 0 (older): seq ≤ start (0 = no bound) and seq > end, the `limit` nearest start.
 * Messages come oldest first; `more` is 1 when the window held more than `limit`.
 */
export async function syncMessages(
  db: Db,
  me: AuthContext,
  peer: Peer,
  window: SyncWindow,
): Promise<Static<typeof MessageSyncResult>> {
  const hidden = await deletedToSeq(db, me.imId, peer.imId);
  const { startMessageSeq: start, endMessageSeq: end, limit } = window;
  const newer = window.pullMode === 1 && !(start === 0 && end === 0);
  const lower = newer ? Math.max(start, hidden + 1) : Math.max(end, hidden) + 1;
  const upper = newer
    ? end === 0
      ? null
      : end - 1
    : start === 0
      ? null
      : start;
  const result = await db.execute(sql`
    select ${MESSAGE_COLUMNS}
    from im_messages m left join im_message_extras e on e.message_id = m.id
    where m.channel_key = ${peer.channelKey} and m.channel_type = 1
      and m.message_seq >= ${lower}
      ${upper === null ? sql`` : sql`and m.message_seq <= ${upper}`}
    order by m.message_seq ${newer ? sql`asc` : sql`desc`}
    limit ${limit + 1}`);
  const rows = rowsOf<MessageRow>(result);
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (!newer) page.reverse();
  return {
    start_message_seq: start,
    end_message_seq: end,
    more: more ? 1 : 0,
    messages: page.map((row) => toWireMessage(row, me.imId)),
  };
}
