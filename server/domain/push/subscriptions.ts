// Stored push subscriptions: save (an endpoint follows the account that registered it last),
// replace (the browser renewed it; proven by the old one's secret), remove by owner, by endpoint
// (the push service said it is gone) or by revoked session, and list a recipient's subscriptions
// for sending.
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import { pushSubscriptions, users } from "../../db/schema";
import { constantTimeEqual } from "../auth/tokenCrypto";
import type { Locale } from "../../lib/locale";
import { lockUser } from "../users/userLock";

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
 * Saves a subscription for the caller's session, with its keys and locale. Re-subscribing moves
 * it to this session; an endpoint another account registered moves to the caller (see the note).
 *
 * NOTE: the rule is "an endpoint follows the account that registered it last", never a refusal.
 * Any answer that differs when another account holds the endpoint (a 409, other counts, a status
 * saying "not yours") tells the caller that the endpoint is in use (issue #19). Moving is also what
 * an honest caller needs: an endpoint belongs to one browser, which shows one signed-in account's
 * notifications, so reaching this case honestly means the device changed hands without a sign-out
 * (the new account's notifications should show there, the old one's should stop). A forger needs
 * the endpoint, an unguessable capability URL the server shows no one; even then nothing of the
 * former holder reaches the forger (the push service delivers to that device, encrypted to the
 * keys the forger sent, which the device cannot read), and the former holder's app registers the
 * endpoint back when notifications are turned on again.
 */
export async function saveSubscription(
  db: Db,
  sub: NewSubscription,
): Promise<void> {
  await db.transaction(async (tx) => {
    // NOTE: insert and trim under the user's lock, or parallel subscribes all count the rows
    // before the others' inserts and the user keeps more than the cap.
    await lockUser(tx, sub.userId);
    await tx
      .insert(pushSubscriptions)
      .values(sub)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId: sql`excluded.user_id`,
          sessionId: sql`excluded.session_id`,
          p256dh: sql`excluded.p256dh`,
          auth: sql`excluded.auth`,
          locale: sql`excluded.locale`,
          createdAt: sql`now()`,
        },
      });
    await tx.execute(sql`
      delete from push_subscriptions where user_id = ${sub.userId} and endpoint not in (
        select endpoint from push_subscriptions where user_id = ${sub.userId}
        order by created_at desc, endpoint limit ${MAX_SUBSCRIPTIONS_PER_USER})`);
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
 * locale; a new endpoint another account registered moves too, as in saveSubscription).
 * "unknown": no subscription has that endpoint and secret, and nothing changes. Returns the owner
 * when replaced.
 */
export async function replaceSubscription(
  db: Db,
  renewal: SubscriptionRenewal,
): Promise<
  | { status: "replaced"; userId: number; sessionId: string }
  | { status: "unknown" }
> {
  return db.transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, renewal.oldEndpoint))
      .for("update");
    if (old === undefined || !constantTimeEqual(old.auth, renewal.oldAuth))
      return { status: "unknown" as const };
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
        set: { userId: old.userId, ...kept, createdAt: sql`now()` },
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
