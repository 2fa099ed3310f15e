// Database facade: one Drizzle instance over embedded PGlite (default) or a real PostgreSQL
// through `pg`, with the committed migrations and a close(). Queries are written once for both.
// An on-disk PGlite runs in a worker thread (PgliteWorkerClient), off the server's event loop; on
// either PGlite, data statements run prepared (pglitePrepared.ts).
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { PgliteWorkerClient } from "./PgliteWorkerClient";
import { preparedPglite } from "./preparedPglite";
import * as schema from "./schema";

export type Schema = typeof schema;

/** What every query module receives: the driver-neutral Drizzle API. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DbDriver = "pglite" | "pg";

export type DbOptions =
  /** `dataDir: null` keeps the database in memory; `loadDataDir` starts from a dumpDataDir() tarball. */
  | { driver: "pglite"; dataDir: string | null; loadDataDir?: Blob }
  | { driver: "pg"; url: string; maxConnections?: number };

export interface Database {
  db: Db;
  driver: DbDriver;
  /**
   * The embedded engine when it runs on this thread (an in-memory PGlite: tests dump and clone
   * it), else null (PostgreSQL, or an on-disk PGlite in its worker thread).
   */
  pglite: PGlite | null;
  /** Applies the committed migrations; re-running is a no-op. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(
  new URL("./migrations", import.meta.url),
);

export async function createDb(options: DbOptions): Promise<Database> {
  if (options.driver === "pg") {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? 10,
    });
    // NOTE: an idle client's network error is emitted on the pool; without a listener Node would crash.
    pool.on("error", () => undefined);
    const db = drizzlePg({ client: pool, schema });
    await pool.query("select 1");
    let closed = false;
    return {
      db,
      driver: "pg",
      pglite: null,
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: async () => {
        if (closed) return;
        closed = true;
        await pool.end();
      },
    };
  }
  if (options.dataDir !== null) {
    mkdirSync(options.dataDir, { recursive: true });
    return openPgliteWorker(options.dataDir, options.loadDataDir);
  }
  const client = await PGlite.create({
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await client.exec(PGLITE_SESSION_SQL);
  const db = drizzlePglite({ client: preparedPglite(client), schema });
  return {
    db,
    driver: "pglite",
    pglite: client,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * Session settings of the embedded database. wal_init_zero: a new 16 MB WAL segment is not first
 * filled with zeros by a synchronous write inside the commit that needs it (15–65 ms of stall
 * every ~3 s at 5,000 IM messages/s); PostgreSQL writes the segment's last byte instead. What a
 * commit writes, and when, is unchanged, so an acknowledged commit is exactly as durable.
 */
const PGLITE_SETTINGS: Readonly<Record<string, string>> = {
  wal_init_zero: "off",
};

/** The settings as SQL, run once per open database (in-process or in the worker thread). */
const PGLITE_SESSION_SQL = Object.entries(PGLITE_SETTINGS)
  .map(([name, value]) => `set ${name} = ${value};`)
  .join("\n");

async function openPgliteWorker(
  dataDir: string,
  loadDataDir: Blob | undefined,
): Promise<Database> {
  const client = await PgliteWorkerClient.open(dataDir, {
    sessionSql: PGLITE_SESSION_SQL,
    ...(loadDataDir === undefined
      ? {}
      : { loadDataDir: new Uint8Array(await loadDataDir.arrayBuffer()) }),
  });
  // NOTE: the client answers the part of PGlite's API that Drizzle's pglite driver calls.
  const db = drizzlePglite({ client: client as unknown as PGlite, schema });
  return {
    db,
    driver: "pglite",
    pglite: null,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}
