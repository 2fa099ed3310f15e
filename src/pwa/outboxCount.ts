// Counts the signed-in user's unsent messages from the tab (the per-user IM database's `outbox`),
// so an update never reloads the page under a message still being sent.
import { im } from "../state/im";

/**
 * Rows of `outbox` still `pending` for `imUid` (0 when signed out). `failed` rows stay stored for
 * a manual retry and survive a reload, so they do not hold an update back.
 */
export async function countPendingOutbox(
  imUid: string | null = im.imUid,
): Promise<number> {
  if (imUid === null) return 0;
  const { openImDb } = await import("../db/db");
  return openImDb(imUid)
    .outbox.filter((row) => row.state === "pending")
    .count();
}
