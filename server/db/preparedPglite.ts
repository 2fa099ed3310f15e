// An in-process PGlite whose data statements run prepared (pglitePrepared.ts), as they do in the
// worker thread, for Drizzle to use: the same PGlite with query() and transaction() answered by
// PreparedStatements, everything else (exec, dumpDataDir, close, instanceof PGlite) as it is.
// NOTE: a query outside a transaction waits for any open one, as PGlite's own query() does.
import type {
  PGlite,
  QueryOptions,
  Results,
  Transaction,
} from "@electric-sql/pglite";
import { PreparedStatements, runsPrepared } from "./pglitePrepared";

export function preparedPglite(pg: PGlite): PGlite {
  const prepared = new PreparedStatements(pg);
  const query = <T>(
    direct: Pick<PGlite, "query">,
    outside: boolean,
    sql: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> => {
    if (!runsPrepared(sql)) return direct.query<T>(sql, params, options);
    const run = () =>
      prepared.query(sql, params, options) as Promise<Results<T>>;
    return outside ? pg._runExclusiveTransaction(run) : run();
  };
  const inTransaction = (tx: Transaction): Transaction =>
    new Proxy(tx, {
      get: (target, key) =>
        key === "query"
          ? <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
              query<T>(target, false, sql, params, options)
          : (Reflect.get(target, key, target) as unknown),
    });
  return new Proxy(pg, {
    get(target, key) {
      if (key === "query")
        return <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
          query<T>(target, true, sql, params, options);
      if (key === "transaction")
        return <T>(body: (tx: Transaction) => Promise<T>) =>
          target.transaction((tx) => body(inTransaction(tx)));
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function"
        ? (value as (...args: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}
