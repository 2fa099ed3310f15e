// Named prepared statements for the embedded database (in its worker thread, and in process for the
// tests). PGlite's query() parses, analyses and plans its SQL again on every call (an unnamed
// statement); in its WASM build that is most of a query's cost: the session check 429 µs as
// query() against 91 µs as a prepared EXECUTE, the order list's join 727 µs against 141 µs. So
// each data statement (select, insert, update, delete, with) is kept prepared under a name and
// run again with Bind, Execute and Sync in one protocol message: PostgreSQL then reuses its plan
// (a generic one after five runs when that costs no more) and replans by itself when a table it
// reads is altered. The columns a statement returns are described once, when it is prepared, and
// its answers are read from the raw protocol bytes (pgliteResults.ts), with PGlite's own type
// parsers, as query() does.
// - At most PREPARED_STATEMENTS_MAX are kept; the least recently used is closed.
// - A statement whose result shape changed under it (a column added or dropped: PostgreSQL
//   refuses with 0A000) is prepared again once, outside a transaction.
// - Anything else (DDL, a transaction's begin and end) goes through query() as before: callers
//   ask runsPrepared() first.
import {
  type PGlite,
  type ParserOptions,
  parse,
  protocol,
  type Results,
  type RowMode,
} from "@electric-sql/pglite";
import { type ResultField, readExecuteAnswer } from "./pgliteResults";

/** How many statements stay prepared (each keeps its parse tree and plan in the worker). */
export const PREPARED_STATEMENTS_MAX = 256;

/** Statements worth keeping: the ones a server runs again and again with new values. */
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

/** True when `sql` is a data statement, which PreparedStatements runs. */
export function runsPrepared(sql: string): boolean {
  return DATA_STATEMENT.test(sql);
}

export interface PreparedQueryOptions {
  rowMode?: RowMode;
  /** Parsers for this query only, over the database's own (as query()'s option). */
  parsers?: ParserOptions;
}

/** What follows every Bind: run the whole portal, then end the exchange (always the same bytes). */
const EXECUTE_AND_SYNC = Buffer.concat([
  protocol.serialize.execute({}),
  protocol.serialize.sync(),
]);

/** PostgreSQL's "cached plan must not change result type". */
const PLAN_RESULT_CHANGED = "0A000";

/** Statement names are unique in the process, so two instances on one PGlite never collide. */
let lastName = 0;

interface Prepared {
  name: string;
  /** The type OID of each parameter, as PostgreSQL inferred it. */
  paramTypes: number[];
  /** The columns it returns (none for a write without `returning`). */
  fields: readonly ResultField[];
}

type Query = Pick<
  PGlite,
  | "closed"
  | "execProtocol"
  | "execProtocolRawStream"
  | "runExclusive"
  | "isInTransaction"
  | "serializers"
  | "parsers"
>;

export class PreparedStatements {
  readonly #pg: Query;
  readonly #max: number;
  /** By SQL text, least recently used first (a Map keeps insertion order). */
  readonly #statements = new Map<string, Prepared>();

  constructor(pg: Query, max = PREPARED_STATEMENTS_MAX) {
    this.#pg = pg;
    this.#max = max;
  }

  /** How many statements are prepared now. */
  get size(): number {
    return this.#statements.size;
  }

  /** Runs data statement `sql` with `params` on its prepared statement, as query() would run it. */
  async query(
    sql: string,
    params: readonly unknown[],
    options: PreparedQueryOptions = {},
  ): Promise<Results> {
    if (this.#pg.closed) throw new Error("PGlite is closed");
    return this.#pg.runExclusive(async () => {
      try {
        return await this.#run(sql, params, options);
      } catch (error) {
        if (
          (error as { code?: unknown }).code !== PLAN_RESULT_CHANGED ||
          this.#pg.isInTransaction()
        )
          throw error;
        await this.#forget(sql);
        return this.#run(sql, params, options);
      }
    });
  }

  async #run(
    sql: string,
    params: readonly unknown[],
    options: PreparedQueryOptions,
  ): Promise<Results> {
    const statement = await this.#prepared(sql);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serialize =
        this.#pg.serializers[statement.paramTypes[index] ?? 0] ??
        ((v: unknown) => String(v));
      return serialize(value);
    });
    const answer = await this.#sendRaw(
      Buffer.concat([
        protocol.serialize.bind({ statement: statement.name, values }),
        EXECUTE_AND_SYNC,
      ]),
    );
    const parsers =
      options.parsers === undefined
        ? this.#pg.parsers
        : { ...this.#pg.parsers, ...options.parsers };
    try {
      return readExecuteAnswer(
        answer,
        statement.fields,
        parsers,
        options.rowMode,
      );
    } catch (error) {
      throw withQuery(error, sql, params);
    }
  }

  async #prepared(sql: string): Promise<Prepared> {
    const known = this.#statements.get(sql);
    if (known !== undefined) {
      this.#statements.delete(sql);
      this.#statements.set(sql, known);
      return known;
    }
    lastName += 1;
    const name = `pglite_${String(lastName)}`;
    const { messages } = await this.#send(
      Buffer.concat([
        protocol.serialize.parse({ name, text: sql }),
        protocol.serialize.describe({ type: "S", name }),
        protocol.serialize.sync(),
      ]),
      sql,
      [],
    );
    const described = messages.find(
      (message) => message.name === "rowDescription",
    ) as { fields: ResultField[] } | undefined;
    const prepared = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      fields: (described?.fields ?? []).map(({ name, dataTypeID }) =>
        Object.freeze({ name, dataTypeID }),
      ),
    };
    this.#statements.set(sql, prepared);
    const oldest = this.#statements.keys().next().value;
    if (this.#statements.size > this.#max && oldest !== undefined)
      await this.#forget(oldest);
    return prepared;
  }

  async #forget(sql: string): Promise<void> {
    const statement = this.#statements.get(sql);
    if (statement === undefined) return;
    this.#statements.delete(sql);
    await this.#send(
      Buffer.concat([
        protocol.serialize.close({ type: "S", name: statement.name }),
        protocol.serialize.sync(),
      ]),
      sql,
      [],
    );
  }

  /** Sends protocol messages; a database error carries the SQL it came from, as query()'s do. */
  async #send(
    message: Uint8Array,
    sql: string,
    params: readonly unknown[],
  ): ReturnType<Query["execProtocol"]> {
    try {
      return await this.#pg.execProtocol(message, { syncToFs: false });
    } catch (error) {
      throw withQuery(error, sql, params);
    }
  }

  /** Sends protocol messages and answers the backend's raw bytes, unparsed. */
  async #sendRaw(message: Uint8Array): Promise<Uint8Array> {
    const chunks: Uint8Array[] = [];
    await this.#pg.execProtocolRawStream(message, {
      syncToFs: false,
      // NOTE: a chunk is a view of the database's memory, reused for its next output: copied.
      onRawData: (chunk) => chunks.push(chunk.slice()),
    });
    return chunks.length === 1 && chunks[0] !== undefined
      ? chunks[0]
      : Buffer.concat(chunks);
  }
}

/** `error`, when it is one, carrying the SQL and parameters it came from (as query()'s errors). */
function withQuery(
  error: unknown,
  sql: string,
  params: readonly unknown[],
): unknown {
  if (error instanceof Error)
    Object.assign(error, { query: sql, params: [...params] });
  return error;
}
