// Live sum of the unread counters in a user's IM database (Dexie liveQuery sees the worker's writes
// from every context). Loaded lazily by the shell so Dexie stays out of the initial bundle.
import { liveQuery } from "dexie";
import type { AppDb } from "../../db/AppDb";
import { openImDb } from "../../db/db";

/**
 * Sum of `unread` over every conversation. NOTE: one getAll, not a cursor (`each`): the live query
 * runs this after every write to a conversation, and a cursor costs a callback per conversation.
 */
export async function sumUnread(db: AppDb): Promise<number> {
  const conversations = await db.conversations.toArray();
  return conversations.reduce(
    (total, conversation) => total + Math.max(0, conversation.unread),
    0,
  );
}

/**
 * Calls `onChange` with the total now and whenever it changes (not on every write to a conversation:
 * each one would render the whole app shell again); returns the function that stops it.
 */
export function watchLocalUnread(
  imUid: string,
  onChange: (total: number | null) => void,
): () => void {
  const db = openImDb(imUid);
  let reported: number | null | undefined;
  const report = (total: number | null) => {
    if (total === reported) return;
    reported = total;
    onChange(total);
  };
  const subscription = liveQuery(() => sumUnread(db)).subscribe({
    next: report,
    error: (error: unknown) => {
      // NOTE: the database goes away at logout (deleted under us); the counters take over.
      console.warn("Unread watch stopped", error);
      report(null);
    },
  });
  return () => {
    subscription.unsubscribe();
  };
}
