// Stored push subscriptions: save (an endpoint stays with the user who registered it first),
// replace (the browser renewed it; proven by the old one's secret), remove by owner, by endpoint
// (the push service said it is gone) or by revoked session, and list a recipient's subscriptions
// for sending.
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import { pushSubscriptions, users } from "../../db/schema";
import { constantTimeEqual } from "../auth/tokenCrypto";
import type { Locale } from "../../lib/locale";

export interface NewSubscription {
  endpoint: string;
  userId: number;
  sessionId: string;
  p256dh: string;
  auth: string;
  locale: Locale;
}

/** What sending needs of one subscription. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
  locale: Locale;
}

/**
 * Subscriptions kept per user (browsers and devices); registering one more drops the one
 * registered longest ago, so one account cannot fan each message out to endless endpoints.
 */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

/**
 * Saves a subscription for the caller's session (re-subscribing moves it to this session with the
 * new keys). "taken": the endpoint belongs to another user, whose row is left untouched.
 */
export async function saveSubscription(
  db: Db,
  sub: NewSubscription,
): Promise<"saved" | "taken"> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(pushSubscriptions)
      .values(sub)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          sessionId: sql`excluded.session_id`,
          p256dh: sql`excluded.p256dh`,
          auth: sql`excluded.auth`,
          locale: sql`excluded.locale`,
          createdAt: sql`now()`,
        },
        setWhere: sql`${pushSubscriptions.userId} = excluded.user_id`,
      })
      .returning({ endpoint: pushSubscriptions.endpoint });
    if (rows.length === 0) return "taken";
    await tx.execute(sql`
      delete from push_subscriptions where user_id = ${sub.userId} and endpoint not in (
        select endpoint from push_subscriptions where user_id = ${sub.userId}
        order by created_at desc, endpoint limit ${MAX_SUBSCRIPTIONS_PER_USER})`);
    return "saved";
  });
}

/** A browser's renewed subscription, proven by the secret of the one it replaces. */
export interface SubscriptionRenewal {
  oldEndpoint: string;
  oldAuth: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Moves a stored subscription to the browser's new endpoint and keys (same user, session and
 * locale). "unknown": no subscription has that endpoint and secret; "taken": the new endpoint
 * belongs to another user. Either way nothing changes. Returns the owner when replaced.
 */
export async function replaceSubscription(
  db: Db,
  renewal: SubscriptionRenewal,
): Promise<
  | { status: "replaced"; userId: number; sessionId: string }
  | { status: "unknown" }
  | { status: "taken" }
> {
  return db.transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, renewal.oldEndpoint))
      .for("update");
    if (old === undefined || !constantTimeEqual(old.auth, renewal.oldAuth))
      return { status: "unknown" as const };
    const [holder] = await tx
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, renewal.endpoint));
    if (holder !== undefined && holder.userId !== old.userId)
      return { status: "taken" as const };
    await tx
      .delete(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, renewal.oldEndpoint));
    const kept = {
      sessionId: old.sessionId,
      p256dh: renewal.p256dh,
      auth: renewal.auth,
      locale: old.locale,
    };
    await tx
      .insert(pushSubscriptions)
      .values({ endpoint: renewal.endpoint, userId: old.userId, ...kept })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { ...kept, createdAt: sql`now()` },
      });
    return {
      status: "replaced" as const,
      userId: old.userId,
      sessionId: old.sessionId,
    };
  });
}

/** Removes the caller's own subscription; false when the user has no such endpoint. */
export async function removeOwnSubscription(
  db: Db,
  userId: number,
  endpoint: string,
): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.endpoint, endpoint),
        eq(pushSubscriptions.userId, userId),
      ),
    )
    .returning({ endpoint: pushSubscriptions.endpoint });
  return rows.length > 0;
}

/** Removes an endpoint the push service reported gone (404/410). */
export async function removeEndpoint(db: Db, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint));
}

/** Removes the subscriptions of revoked sessions; returns how many went. */
export async function removeSessionSubscriptions(
  db: Db,
  sessionIds: readonly string[],
): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const rows = await db
    .delete(pushSubscriptions)
    .where(inArray(pushSubscriptions.sessionId, [...sessionIds]))
    .returning({ endpoint: pushSubscriptions.endpoint });
  return rows.length;
}

/** The subscriptions of the user with IM id `uid`. */
export async function targetsOfUid(db: Db, uid: string): Promise<PushTarget[]> {
  const rows = await db
    .select({
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      locale: pushSubscriptions.locale,
    })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(eq(users.imId, uid));
  return rows.map((row) => ({ ...row, locale: row.locale as Locale }));
}

/** How many subscriptions the user has, and how many belong to `sessionId`. */
export async function subscriptionCounts(
  db: Db,
  userId: number,
  sessionId: string,
): Promise<{ user: number; session: number }> {
  const [row] = await db
    .select({
      user: count(),
      session: sql<number>`count(*) filter (where ${pushSubscriptions.sessionId} = ${sessionId})::int`,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return { user: row?.user ?? 0, session: row?.session ?? 0 };
}

/** Whether the user has this endpoint. */
export async function hasEndpoint(
  db: Db,
  userId: number,
  endpoint: string,
): Promise<boolean> {
  const [row] = await db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.endpoint, endpoint),
        eq(pushSubscriptions.userId, userId),
      ),
    );
  return row !== undefined;
}
