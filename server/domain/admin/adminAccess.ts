// The admin pages' guard (#22): only a signed-in admin (users.is_admin, not banned) passes; anyone
// else, staff and monks included, gets 403 FORBIDDEN. Owns no other rule.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import { users } from "../../db/schema";
import { HttpError } from "../../http/errors";

export interface Admin {
  userId: number;
  imId: string;
}

export async function requireAdmin(db: Db, userId: number): Promise<Admin> {
  const [row] = await db
    .select({ imId: users.imId, isAdmin: users.isAdmin, banned: users.banned })
    .from(users)
    .where(eq(users.id, userId));
  if (row === undefined || row.banned || row.isAdmin !== 1)
    throw new HttpError("FORBIDDEN", "only an admin may do this");
  return { userId, imId: row.imId };
}
