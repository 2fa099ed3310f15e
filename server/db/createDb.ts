// Database facade: one Drizzle instance over embedded PGlite (default) or a real PostgreSQL
// through `pg`, with the committed migrations and a close(). Queries are written once for both.
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
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
  /** The embedded engine when driver is "pglite" (tests dump and clone it), else null. */
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
  if (options.dataDir !== null) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir !== null ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite({ client, schema });
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
