// Opens the configured database, applies the committed migrations and, on an empty database,
// loads the demo content. Shared by the server start and the db CLIs.
import { join } from "node:path";
import type { Logger } from "pino";
import type { AppConfig } from "../config";
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
    await database.migrate();
    logger.info(
      { driver: database.driver, ms: Math.round(performance.now() - started) },
      "database ready",
    );
    if (seedIfEmpty && (await isContentEmpty(database.db))) {
      const report = await seedDemo(database.db);
      logger.info({ ...report }, "empty database: demo content loaded");
    }
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
