// Helpers for the admin pages' server tests (#22): a fresh account made an admin, and the audit
// records of one action, newest first.
import { desc, eq } from "drizzle-orm";
import { auditEvents, users } from "../../../server/db/schema";
import type { TestServer } from "../../support/server/testServer";
import { type Customer, signIn } from "../orders/commerceApi";

/** Signs a fresh account in and gives it the admin role directly in the database. */
export async function signInAdmin(server: TestServer): Promise<Customer> {
  const admin = await signIn(server);
  await server.db
    .update(users)
    .set({ isAdmin: 1 })
    .where(eq(users.id, admin.userId));
  return admin;
}

export async function auditOf(server: TestServer, action: string) {
  return server.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.action, action))
    .orderBy(desc(auditEvents.id));
}
