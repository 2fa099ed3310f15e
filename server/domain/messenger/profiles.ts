// Public profile of an IM user (channel info): nickname, avatar, role flags, whether a connection
// is live now and when the last one closed.
import { type ImPresence, isOnline } from "../users/presence";
import { type SQL, sql } from "drizzle-orm";
import type { Static } from "typebox";
import type { Db } from "../../db/createDb";
import type { PublicProfile } from "#contract/schemas";
import { rowsOf } from "./wireMessage";

/** The profile columns of `users u left join im_presence p`. */
export const PROFILE_COLUMNS: SQL = sql.raw(`
  u.id as user_id, u.im_id, u.nickname, u.avatar_url, u.is_service, u.is_monk,
  coalesce(extract(epoch from p.last_offline_at)::int, 0) as last_offline`);

export interface ProfileRow {
  user_id: number;
  im_id: string;
  nickname: string;
  avatar_url: string;
  is_service: number;
  is_monk: number;
  last_offline: number;
}

export type Profile = Static<typeof PublicProfile>;

/** The profile of a row; `online` from the engine's presence (ImPresence.onlineOf). */
export function toProfile(row: ProfileRow, online: boolean): Profile {
  return {
    imId: row.im_id,
    nickname: row.nickname,
    avatarUrl: row.avatar_url,
    online,
    lastOffline: row.last_offline,
    isService: row.is_service === 1 ? 1 : 0,
    isMonk: row.is_monk === 1 ? 1 : 0,
  };
}

/** The profile of an IM uid, or null when no such user exists. */
export async function profileOf(
  db: Db,
  presence: ImPresence,
  imId: string,
): Promise<Profile | null> {
  const [row] = rowsOf<ProfileRow>(
    await db.execute(sql`
      select ${PROFILE_COLUMNS}
      from users u left join im_presence p on p.user_id = u.id
      where u.im_id = ${imId}`),
  );
  return row === undefined
    ? null
    : toProfile(row, await isOnline(presence, row.user_id));
}
