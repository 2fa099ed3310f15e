// Opens the configured database, applies the committed migrations and, on an empty database,
// loads the demo content. Shared by the server start and the db CLIs. On PostgreSQL both run under
// an advisory lock: app servers starting together on a fresh database would otherwise race to
// create the same tables (measured: the second one died on CREATE TABLE "users") or seed twice.
import { join } from "node:path";
import type { Logger } from "pino";
import type { AppConfig } from "../config/appConfig";
import { createDb, type Database, type DbOptions } from "./createDb";
import { isContentEmpty, seedDemo } from "./seed/seedDemo";

/** DATABASE_URL → PostgreSQL; otherwise PGlite in DATA_DIR/pglite. */
export function dbOptionsFromConfig(
  config: Pick<AppConfig, "databaseUrl" | "dataDir">,
): DbOptions {
  return config.databaseUrl !== null
    ? { driver: "pg", url: config.databaseUrl }
    : { driver: "pglite", dataDir: join(config.dataDir, "pglite") };
}

export async function openDatabase(
  options: DbOptions,
  logger: Logger,
  { seedIfEmpty }: { seedIfEmpty: boolean },
): Promise<Database> {
  const started = performance.now();
  const database = await createDb(options);
  try {
    await exclusively(database, async () => {
      await database.migrate();
      logger.info(
        {
          driver: database.driver,
          ms: Math.round(performance.now() - started),
        },
        "database ready",
      );
      if (seedIfEmpty && (await isContentEmpty(database.db))) {
        const report = await seedDemo(database.db);
        logger.info({ ...report }, "empty database: demo content loaded");
      }
    });
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** Any fixed int8 names the lock; this one is "fuyuan-s" in ASCII. */
const STARTUP_LOCK = "7382940709196541299";

interface PoolLike {
  connect(): Promise<{
    query(text: string, values: unknown[]): Promise<unknown>;
    release(): void;
  }>;
}

/** Runs `work` while no other server runs its start-up work on this PostgreSQL database. */
async function exclusively(
  database: Database,
  work: () => Promise<void>,
): Promise<void> {
  if (database.driver !== "pg") return work();
  const pool = (database.db as unknown as { $client: PoolLike }).$client;
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1::bigint)", [STARTUP_LOCK]);
    try {
      await work();
    } finally {
      await client.query("select pg_advisory_unlock($1::bigint)", [
        STARTUP_LOCK,
      ]);
    }
  } finally {
    client.release();
  }
}
