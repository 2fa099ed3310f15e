// Database-backed limit primitives: timestamped events counted in sliding windows, locks with an
// end time, per-key serialization inside a transaction, and pruning of everything expired.
// Keys are keyed hashes (limitKey), so phone numbers, addresses and IPs are not stored in clear.
import { and, count, eq, gt, lt, min, sql } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import {
  authLocks,
  authRateEvents,
  loginCodes,
  oauthStates,
  sessions,
} from "../../db/schema";
import { AuthError, type AuthErrorCode } from "./AuthError";
import { hmacHex } from "./tokenCrypto";

export const RATE_BUCKETS = {
  /** A code sent to a phone number or e-mail address. */
  codeSendTarget: "code_send_target",
  /** A code requested from an IP address. */
  codeSendIp: "code_send_ip",
  /** A wrong code tried for a target. */
  codeVerifyFail: "code_verify_fail",
  /** A WeChat sign-in state issued to an IP address. */
  oauthStateIp: "oauth_state_ip",
} as const;
export type RateBucket = (typeof RATE_BUCKETS)[keyof typeof RATE_BUCKETS];

/** Longest window any limit looks back over; older events are pruned. */
export const LONGEST_WINDOW_MS = 24 * 60 * 60_000;

export function limitKey(key: Buffer, kind: string, value: string): string {
  return hmacHex(key, `${kind}:${value}`);
}

export interface WindowCount {
  count: number;
  /** The oldest event inside the window (when it leaves, the count drops). */
  oldest: Date | null;
}

export async function windowCount(
  db: Db,
  bucket: RateBucket,
  key: string,
  since: Date,
): Promise<WindowCount> {
  const [row] = await db
    .select({ count: count(), oldest: min(authRateEvents.at) })
    .from(authRateEvents)
    .where(
      and(
        eq(authRateEvents.bucket, bucket),
        eq(authRateEvents.key, key),
        gt(authRateEvents.at, since),
      ),
    );
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

export async function recordEvent(
  db: Db,
  bucket: RateBucket,
  key: string,
  at: Date,
): Promise<void> {
  await db.insert(authRateEvents).values({ bucket, key, at });
}

export async function clearEvents(
  db: Db,
  bucket: RateBucket,
  key: string,
): Promise<void> {
  await db
    .delete(authRateEvents)
    .where(and(eq(authRateEvents.bucket, bucket), eq(authRateEvents.key, key)));
}

/** The end of the key's lock, or null when it is not locked at `now`. */
export async function activeLock(
  db: Db,
  key: string,
  now: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ until: authLocks.until })
    .from(authLocks)
    .where(and(eq(authLocks.key, key), gt(authLocks.until, now)));
  return row?.until ?? null;
}

export async function setLock(db: Db, key: string, until: Date): Promise<void> {
  await db
    .insert(authLocks)
    .values({ key, until })
    .onConflictDoUpdate({ target: authLocks.key, set: { until } });
}

/** Inside a transaction: waits for other transactions holding the same key (released at commit). */
export async function serialize(db: Db, key: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`,
  );
}

/**
 * A pruneExpired that runs at most once per `everyMs` (callers on busy paths invoke it freely).
 */
export function scheduledPrune(
  db: Db,
  clock: () => number,
  everyMs = 60_000,
): () => Promise<void> {
  let last = Number.NEGATIVE_INFINITY;
  return async () => {
    const now = clock();
    if (now - last < everyMs) return;
    last = now;
    await pruneExpired(db, new Date(now));
  };
}

/** Deletes expired events, locks, codes, OAuth states and long-dead sessions. */
export async function pruneExpired(db: Db, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - LONGEST_WINDOW_MS);
  await db.delete(authRateEvents).where(lt(authRateEvents.at, dayAgo));
  await db.delete(authLocks).where(lt(authLocks.until, now));
  await db.delete(loginCodes).where(lt(loginCodes.expiresAt, now));
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, dayAgo));
  await db.delete(sessions).where(lt(sessions.expiresAt, dayAgo));
}

/** The 429 for a limit: `code` with Retry-After `waitMs` (rounded up to whole seconds, at least 1). */
export function limited(code: AuthErrorCode, waitMs: number): AuthError {
  return new AuthError(code, { retryAfterSeconds: waitMs / 1000 });
}

/** A sliding-window limit: at most `max` events of `bucket` per `windowMs`, refused as `code`. */
export interface WindowLimit {
  bucket: RateBucket;
  windowMs: number;
  max: number;
  code: AuthErrorCode;
}

/** Throws the limit's 429 (Retry-After: until the oldest event leaves) when `key` has used it up at `now`. */
export async function enforceWindow(
  db: Db,
  limit: WindowLimit,
  key: string,
  now: number,
): Promise<void> {
  const window = await windowCount(
    db,
    limit.bucket,
    key,
    new Date(now - limit.windowMs),
  );
  if (window.count >= limit.max)
    throw limited(limit.code, waitFor(window, limit.windowMs, now));
}

/** Milliseconds until the oldest event leaves a window of `windowMs`. */
export function waitFor(
  window: { oldest: Date | null },
  windowMs: number,
  now: number,
): number {
  return (window.oldest?.getTime() ?? now) + windowMs - now;
}
