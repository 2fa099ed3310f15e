// Banning an account: it can no longer sign in, every session (access, refresh and IM tokens) is
// revoked at once, and userBanned tells the IM gateway to drop its connections. `within` runs in
// the ban's transaction before the flag is set (the admin pages check and audit there).
import { eq } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import { users } from "../../db/schema";
import type { AccountEvents } from "../auth/accountEvents";
import type { Sessions } from "../auth/sessions";

export async function banUser(
  deps: { db: Db; sessions: Sessions; events: AccountEvents },
  userId: number,
  within?: (tx: Db) => Promise<void>,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await within?.(tx);
    await tx
      .update(users)
      .set({ banned: true, updatedAt: new Date() })
      .where(eq(users.id, userId));
  });
  await deps.sessions.revokeAll(userId, "banned");
  deps.events.emit("userBanned", { userId });
}

export async function unbanUser(
  db: Db,
  userId: number,
  within?: (tx: Db) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await within?.(tx);
    await tx
      .update(users)
      .set({ banned: false, updatedAt: new Date() })
      .where(eq(users.id, userId));
  });
}
