// Row counts of every table in the public schema, read in one statement, and the difference of two
// readings: how the fuzzers prove a refused request stored nothing.
import { sql } from "drizzle-orm";
import type { Db } from "../../server/db/createDb";

export type TableCounts = Record<string, number>;

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/**
 * A reader of all public tables' row counts (the table list is read once). It counts again only
 * when the WAL position moved since its last count (nothing was written otherwise), so a reading
 * after a request that wrote nothing costs one tiny query.
 */
export async function tableCounter(
  db: Db,
): Promise<() => Promise<TableCounts>> {
  const names = rowsOf(
    await db.execute(sql`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
  ).map((row) => String(row.name));
  if (names.length === 0) throw new Error("no tables in the public schema");
  const select = sql.raw(
    `select ${names.map((n) => `(select count(*) from "${n}")::int as "${n}"`).join(", ")}`,
  );
  const walPosition = async () =>
    String(
      rowsOf(await db.execute(sql`select pg_current_wal_lsn()::text as lsn`))[0]
        ?.lsn,
    );
  let last: { lsn: string; counts: TableCounts } | null = null;
  return async () => {
    const lsn = await walPosition();
    if (last?.lsn === lsn) return last.counts;
    const [row] = rowsOf(await db.execute(select));
    const counts: TableCounts = {};
    for (const name of names) counts[name] = Number(row?.[name]);
    last = { lsn, counts };
    return counts;
  };
}

/** Tables whose count changed from `before` to `after`, with the change. */
export function countChanges(
  before: TableCounts,
  after: TableCounts,
): Record<string, number> {
  const changed: Record<string, number> = {};
  for (const [name, count] of Object.entries(after)) {
    const delta = count - (before[name] ?? 0);
    if (delta !== 0) changed[name] = delta;
  }
  return changed;
}
