// The one way to make a per-user rule ("at most N of these", "only if none yet") atomic: inside a
// transaction, lock the user's row first, then count or check, then write. Owns no rule itself.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import { users } from "../../db/schema";

/**
 * Inside a transaction (`tx`), locks the row of `userId` until it commits or rolls back, so the
 * same user's other transactions that call this wait here and then see what this one wrote.
 * Returns false when there is no such user (nothing is locked then).
 *
 * NOTE: a row lock (SELECT … FOR UPDATE) rather than an advisory lock: it needs no key space, it
 * is released with the transaction, and it also waits for anything else that updates the user
 * (a ban, an approval). On PostgreSQL it serializes the user's transactions; the embedded PGlite
 * runs one transaction at a time anyway, so there it costs nothing. Take it before any other lock
 * in the transaction, so two transactions of one user never wait on each other in opposite order.
 *
 * @example
 * await db.transaction(async (tx) => {
 *   await lockUser(tx, userId);
 *   if ((await countPending(tx, userId)) >= MAX) throw new HttpError("PENDING_ORDER_LIMIT", "…");
 *   await tx.insert(orders).values(…);
 * });
 */
export async function lockUser(tx: Db, userId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return rows.length > 0;
}
