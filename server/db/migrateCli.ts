// `npm run db:migrate`: apply the committed migrations to the configured database, nothing else.
import { parseConfig } from "../config/appConfig";
import { createLogger } from "../lib/logger";
import { dbOptionsFromConfig, openDatabase } from "./openDatabase";
import { runCli } from "./runCli";

await runCli(async () => {
  const config = parseConfig(process.env);
  const database = await openDatabase(
    dbOptionsFromConfig(config),
    createLogger(config.logLevel, config.logFormat),
    {
      seedIfEmpty: false,
    },
  );
  await database.close();
});
