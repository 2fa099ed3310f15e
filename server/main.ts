// Composition root: config → database (migrate, seed if empty) → HTTP app → listen, plus
// graceful shutdown on SIGINT/SIGTERM (stop accepting, finish in-flight requests, close the db).
import { ConfigError, parseConfig, type AppConfig } from "./config/appConfig";
import type { Database } from "./db/createDb";
import { dbOptionsFromConfig, openDatabase } from "./db/openDatabase";
import { buildApp } from "./http/app";
import { imOptionsFromEnv } from "./im/imEnv";
import { pushOptionsFromEnv } from "./domain/push/pushEnv";
import { createLogger } from "./lib/logger";
import { serverVersion } from "./lib/version";
import { resolvePublicUrl } from "./domain/system/runtimeConfig";
import { tuneHeap } from "./lib/heapTuning";
import { startBlock } from "./startBlock";

tuneHeap();

let config: AppConfig;
try {
  config = parseConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Configuration error: ${error.message}`);
  process.exit(1);
}

const logger = createLogger(config.logLevel, config.logFormat);
let database: Database;
try {
  database = await openDatabase(dbOptionsFromConfig(config), logger, {
    seedIfEmpty: true,
  });
} catch (error) {
  logger.fatal({ err: error }, "could not open the database");
  process.exit(1);
}
let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp({
    config,
    db: database.db,
    logger,
    version: serverVersion(),
    im: imOptionsFromEnv(process.env),
    push: pushOptionsFromEnv(process.env),
  });
} catch (error) {
  // NOTE: settings checked while wiring providers (e.g. an unreadable WECHAT_PAY_PRIVATE_KEY file).
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Configuration error: ${error.message}`);
  await database.close();
  process.exit(1);
}

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down: finishing in-flight requests");
  try {
    await app.close();
    await database.close();
    logger.info("stopped");
  } catch (error) {
    logger.error({ err: error }, "error during shutdown");
    process.exitCode = 1;
  }
}
process.once("SIGINT", (signal) => void shutdown(signal));
process.once("SIGTERM", (signal) => void shutdown(signal));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  logger.fatal({ err: error }, "could not listen");
  await database.close();
  process.exit(1);
}
const url = resolvePublicUrl(config, app.server.address());
logger.info(
  { url, driver: database.driver, staticDir: config.staticDir },
  `listening on ${url}`,
);
// NOTE: only for a person at a console; with LOG_FORMAT=json stdout stays JSON lines only.
if (config.logFormat === "pretty")
  process.stdout.write(startBlock(config, url));
