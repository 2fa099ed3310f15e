// Which result types the worker's PGlite hands back as the text PostgreSQL sent (Drizzle asks this
// for dates, timestamps and intervals on every query). PGlite merges a query's own `parsers`
// option into its several hundred type parsers on every call: an object spread that cost as much
// as the query itself (select 1: 125 µs without the option, 217–475 µs with it). So the worker
// installs the raw set on the database's own parsers instead, and changes it only when a request
// asks for another set; Drizzle always asks for the same one.
// NOTE: PGlite's array parsers look their element's parser up when they run, so an array of a raw
// type reads its elements as text too; Drizzle names the arrays as raw as well.
import type { PGlite } from "@electric-sql/pglite";

type Parsers = PGlite["parsers"];
type Parser = Parsers[number];

const asText: Parser = (value: string) => value;

export class RawTypes {
  readonly #parsers: Parsers;
  #installed = new Set<number>();
  /** The parser each installed type had before (undefined: none). */
  readonly #defaults = new Map<number, Parser | undefined>();

  constructor(parsers: Parsers) {
    this.#parsers = parsers;
  }

  /** Makes exactly `rawTypes` raw from now on; every other type parses as PGlite would. */
  use(rawTypes: readonly number[]): void {
    const wanted = new Set(rawTypes);
    if (
      wanted.size === this.#installed.size &&
      rawTypes.every((oid) => this.#installed.has(oid))
    )
      return;
    for (const oid of this.#installed) {
      if (wanted.has(oid)) continue;
      const original = this.#defaults.get(oid);
      if (original === undefined) Reflect.deleteProperty(this.#parsers, oid);
      else this.#parsers[oid] = original;
    }
    for (const oid of wanted) {
      if (this.#installed.has(oid)) continue;
      if (!this.#defaults.has(oid)) this.#defaults.set(oid, this.#parsers[oid]);
      this.#parsers[oid] = asText;
    }
    this.#installed = wanted;
  }
}
