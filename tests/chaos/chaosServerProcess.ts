// The real server as a child process of a chaos run: configured from the environment like
// server/main.ts (DATABASE_URL, or PGlite in DATA_DIR), with the gateway's timers scaled down by
// CHAOS_IDLE_TIMEOUT_MS / CHAOS_RECV_RETRY_MS. On the IPC message "crashAfterCommit" the next group
// commit SIGKILLs the process before any SENDACK or RECV of that batch goes out.
import { parseConfig } from "../../server/config/appConfig";
import {
  dbOptionsFromConfig,
  openDatabase,
} from "../../server/db/openDatabase";
import { buildApp } from "../../server/http/app";
import { createLogger } from "../../server/lib/logger";
import { serverVersion } from "../../server/lib/version";

function numbers(raw: string | undefined): number[] | undefined {
  if (raw === undefined || raw === "") return undefined;
  return raw.split(",").map((part) => {
    const n = Number(part);
    if (!Number.isInteger(n) || n <= 0)
      throw new Error(`not a positive integer list: ${raw}`);
    return n;
  });
}

let crashArmed = false;
process.on("message", (message) => {
  if (message === "crashAfterCommit") {
    crashArmed = true;
    process.send?.("crashArmed");
  }
});

const config = parseConfig(process.env);
const logger = createLogger(config.logLevel);
const database = await openDatabase(dbOptionsFromConfig(config), logger, {
  seedIfEmpty: false,
});
const idle = numbers(process.env.CHAOS_IDLE_TIMEOUT_MS)?.[0];
const retries = numbers(process.env.CHAOS_RECV_RETRY_MS);
const app = await buildApp({
  config,
  db: database.db,
  logger,
  version: serverVersion(),
  im: {
    ...(idle === undefined ? {} : { idleTimeoutMs: idle }),
    ...(retries === undefined ? {} : { recvRetryDelaysMs: retries }),
    hooks: {
      afterCommit: () => {
        if (crashArmed) process.kill(process.pid, "SIGKILL");
      },
    },
  },
});
await app.listen({ port: config.port, host: config.host });
process.stdout.write(`LISTENING ${config.port}\n`);
process.once("SIGTERM", () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
