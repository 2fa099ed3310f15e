// A CHECK that a text column holds one of a constant's values (#contract's status and kind
// lists), written out as the literal SQL list so the generated migrations stay as they were.
import { type SQL, sql } from "drizzle-orm";

/** `"column" in ('a', 'b', …)` for `values`. */
export const inList = (column: string, values: readonly string[]): SQL =>
  sql.raw(`"${column}" in (${values.map((v) => `'${v}'`).join(", ")})`);
