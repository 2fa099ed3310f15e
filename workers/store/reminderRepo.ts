// Reminders (mention me, join requests): rows from the reminder sync, and "done" marked locally
// before the server hears of it.
import type { AppDb } from "../../src/db/AppDb";
import type { ReminderRecord } from "../../src/db/entities/ReminderRecord";

/** Stores synced reminders; a row already marked done locally stays done. Returns what was written. */
export async function putReminders(
  db: AppDb,
  reminders: readonly ReminderRecord[],
): Promise<ReminderRecord[]> {
  if (reminders.length === 0) return [];
  return db.transaction("rw", db.reminders, async () => {
    const stored = await db.reminders.bulkGet(
      reminders.map((r) => r.reminderId),
    );
    const rows = reminders
      .map((r, i) => {
        const current = stored[i];
        if (current !== undefined && current.version > r.version)
          return undefined;
        return { ...r, done: r.done || (current?.done ?? false) };
      })
      .filter((r): r is ReminderRecord => r !== undefined);
    await db.reminders.bulkPut(rows);
    return rows;
  });
}

/** Marks reminders done locally. Returns the ids that exist (and so go to the server). */
export async function markRemindersDone(
  db: AppDb,
  reminderIds: readonly number[],
): Promise<number[]> {
  return db.transaction("rw", db.reminders, async () => {
    const rows = await db.reminders.bulkGet([...reminderIds]);
    const found = rows.filter((r): r is ReminderRecord => r !== undefined);
    await db.reminders.bulkPut(found.map((r) => ({ ...r, done: true })));
    return found.map((r) => r.reminderId);
  });
}
