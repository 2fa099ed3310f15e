// Reading and advancing sync cursors (conversation, extras and reminders versions).
import type { AppDb } from "../../src/db/AppDb";

/** The cursor's value, 0 when it was never set. */
export async function getCursor(db: AppDb, name: string): Promise<number> {
  return (await db.syncCursors.get(name))?.value ?? 0;
}

/** Moves a cursor forward to `value` (never back). Returns the value now stored. */
export async function advanceCursor(
  db: AppDb,
  name: string,
  value: number,
): Promise<number> {
  return db.transaction("rw", db.syncCursors, async () => {
    const current = (await db.syncCursors.get(name))?.value ?? 0;
    if (value <= current) return current;
    await db.syncCursors.put({ name, value });
    return value;
  });
}
