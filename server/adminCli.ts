// `npm run admin -- <command>`: opens the configured database (migrating it, never seeding), runs
// one operator command (server/domain/admin/adminCommands.ts) and exits with its code.
import { pino } from "pino";
import { ConfigError, parseConfig } from "./config/appConfig";
import { dbOptionsFromConfig, openDatabase } from "./db/openDatabase";
import { AccountEvents } from "./domain/auth/accountEvents";
import { createAuthServices } from "./domain/auth/createAuthServices";
import { ADMIN_USAGE, runAdmin } from "./domain/admin/adminCommands";
import { OrderSweeper } from "./domain/payments/OrderSweeper";
import { createPayServices } from "./domain/payments/payServices";
import { resolvePublicUrl } from "./domain/system/runtimeConfig";
import { banUser } from "./domain/users/banUser";
import { systemClock } from "./providers/lib/runtime";

const argv = process.argv.slice(2);
if (argv.length === 0 || argv[0] === "--help") {
  console.log(ADMIN_USAGE);
  process.exit(argv.length === 0 ? 2 : 0);
}

let config;
try {
  config = parseConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Configuration error: ${error.message}`);
  process.exit(1);
}

const logger = pino({ level: process.env.LOG_LEVEL ?? "warn" });
const database = await openDatabase(dbOptionsFromConfig(config), logger, {
  seedIfEmpty: false,
});
let code = 1;
try {
  const events = new AccountEvents();
  const auth = await createAuthServices({
    config,
    db: database.db,
    clock: systemClock,
    logger,
    events,
  });
  const pay = createPayServices({
    config,
    db: database.db,
    clock: systemClock,
    providers: auth.providers,
    publicUrl: () => resolvePublicUrl(config, null),
  });
  code = await runAdmin(argv, {
    db: database.db,
    now: systemClock,
    out: (line) => {
      console.log(line);
    },
    sweep: () =>
      new OrderSweeper({
        db: database.db,
        clock: systemClock,
        logger,
        pay,
      }).runOnce(),
    ban: (userId) =>
      banUser({ db: database.db, sessions: auth.sessions, events }, userId),
  });
  auth.providers.close();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
} finally {
  await database.close();
}
process.exit(code);
