// What the push tests read back from the database: a user's stored subscription endpoints.
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../../server/db/createDb";
import { pushSubscriptions } from "../../../server/db/schema";

/** The endpoints stored for `userId`, sorted. */
export async function storedEndpoints(
  db: Db,
  userId: number,
): Promise<string[]> {
  const rows = await db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.endpoint));
  return rows.map((r) => r.endpoint);
}
