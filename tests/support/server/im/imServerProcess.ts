// The real server as a child process for crash tests: like server/main.ts (config from the
// environment, migrations, seed if empty), plus one test-only switch. With `--crash-after-commit`
// the gateway's afterCommit hook SIGKILLs this process right after the first batch commits, before
// any SENDACK is written. Prints "LISTENING <port>" once it accepts connections.
import { parseConfig } from "../../../../server/config/appConfig";
import {
  dbOptionsFromConfig,
  openDatabase,
} from "../../../../server/db/openDatabase";
import { buildApp } from "../../../../server/http/app";
import { createLogger } from "../../../../server/lib/logger";
import { serverVersion } from "../../../../server/lib/version";

const crashAfterCommit = process.argv.includes("--crash-after-commit");
const config = parseConfig(process.env);
const logger = createLogger(config.logLevel);
const database = await openDatabase(dbOptionsFromConfig(config), logger, {
  seedIfEmpty: true,
});
const app = await buildApp({
  config,
  db: database.db,
  logger,
  version: serverVersion(),
  im: crashAfterCommit
    ? {
        hooks: {
          afterCommit: () => {
            process.kill(process.pid, "SIGKILL");
          },
        },
      }
    : {},
});
await app.listen({ port: config.port, host: config.host });
process.stdout.write(`LISTENING ${config.port}\n`);
process.once("SIGTERM", () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
