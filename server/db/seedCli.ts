// `npm run seed`: migrate the configured database and (re)load the demo content and accounts.
// Idempotent; real users are never modified.
import { parseConfig } from "../config/appConfig";
import { createLogger } from "../lib/logger";
import { dbOptionsFromConfig, openDatabase } from "./openDatabase";
import { seedDemo } from "./seed/seedDemo";
import { runCli } from "./runCli";

await runCli(async () => {
  const config = parseConfig(process.env);
  const logger = createLogger(config.logLevel, config.logFormat);
  const database = await openDatabase(dbOptionsFromConfig(config), logger, {
    seedIfEmpty: false,
  });
  try {
    const report = await seedDemo(database.db);
    logger.info({ ...report }, "demo content seeded");
  } finally {
    await database.close();
  }
});
