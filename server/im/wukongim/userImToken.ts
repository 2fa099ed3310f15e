// The IM token a user's devices present to WuKongIM. WuKongIM keeps ONE token per (uid, device
// flag) (`/user/token` overwrites it), so the per-session tokens of our embedded gateway would
// make a user's second browser lock out the first. With IM_ENGINE=wukongim a user's sessions share
// one token, derived with the server secret from the moment the user's last session ended (revoked
// or past its 30-day life): ending any session — logout, sign out everywhere, a replayed refresh
// token, a ban, the session limit, the 30-day end — yields a new token, so the ended session's
// token stops working while the live ones fetch the new one (user/v1/info).
import { eq, lte, max, sql } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import { sessions, users } from "../../db/schema";
import { hmacBase64Url } from "../../domain/auth/tokenCrypto";

export interface TokenHolder {
  imId: string;
  banned: boolean;
  /** Wall-clock ms of the latest end of one of the user's sessions (0 = none ended). */
  epochMs: number;
}

/** The user's WuKongIM token for an epoch (43 characters, base64url). */
export function wukongimToken(
  key: Buffer,
  imId: string,
  epochMs: number,
): string {
  return hmacBase64Url(key, `wukongim/${imId}/${String(epochMs)}`);
}

/** The user's IM id, ban and token epoch at `now`, or null for an unknown user. */
export async function tokenHolder(
  db: Db,
  userId: number,
  now: number,
): Promise<TokenHolder | null> {
  const [user] = await db
    .select({ imId: users.imId, banned: users.banned })
    .from(users)
    .where(eq(users.id, userId));
  if (user === undefined) return null;
  const [ended] = await db
    .select({
      revoked: max(sessions.revokedAt),
      expired: sql<
        Date | string | null
      >`max(${sessions.expiresAt}) filter (where ${lte(sessions.expiresAt, new Date(now))})`,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  const ms = (value: Date | string | null | undefined): number =>
    value === null || value === undefined ? 0 : new Date(value).getTime();
  return {
    imId: user.imId,
    banned: user.banned,
    epochMs: Math.max(ms(ended?.revoked), ms(ended?.expired)),
  };
}

/** Users with a session whose 30-day life ended in (from, to]: their token must change now. */
export async function usersWithSessionsEnding(
  db: Db,
  fromMs: number,
  toMs: number,
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: sessions.userId })
    .from(sessions)
    .where(
      sql`${sessions.expiresAt} > ${new Date(fromMs)} and ${sessions.expiresAt} <= ${new Date(toMs)} and ${sessions.revokedAt} is null`,
    );
  return rows.map((row) => row.userId);
}
