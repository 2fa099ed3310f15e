// Starts the real server in-process on 127.0.0.1, port 0, with a fresh database (or a given one,
// e.g. to restart on the same data), for tests that talk to it through fetch. `configure` may add
// test-only routes before it listens; `clock` moves time for the accounts rules.
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import type { Logger } from "pino";
import {
  parseConfig,
  type AppConfig,
  type Env,
} from "../../../server/config/appConfig";
import type { Db } from "../../../server/db/createDb";
import type { AccountEvents } from "../../../server/domain/auth/accountEvents";
import type { LoginProviders } from "../../../server/domain/auth/loginProviders";
import type { ImPresence } from "../../../server/domain/users/presence";
import { buildApp, type App } from "../../../server/http/app";
import type { Clock } from "../../../server/providers/lib/runtime";
import { createLogger } from "../../../server/lib/logger";
import { serverVersion } from "../../../server/lib/version";
import {
  createTestDatabase,
  type TestDatabase,
  type TestDatabaseKind,
} from "./testDb";

export interface TestServerOptions {
  database?: TestDatabaseKind;
  /** Serve this database instead of a fresh one; close() then leaves it open (the caller owns it). */
  reuseDatabase?: TestDatabase;
  /** Built-app directory to serve; default: none (API only). */
  staticDir?: string;
  /** Load demo content (default true). */
  seed?: boolean;
  /** Extra environment, parsed like the real server's (e.g. { DEV_TOOLS: "0" }). */
  env?: Env;
  /** Logger to use instead of one at TEST_LOG_LEVEL (default silent), e.g. to assert log lines. */
  logger?: Logger;
  /** Runs after the app is built and before it listens: register test-only routes here. */
  configure?: (app: App) => void | Promise<void>;
  /** Clock of the app (default: the system clock). */
  clock?: Clock;
  accountEvents?: AccountEvents;
  providers?: LoginProviders;
  presence?: ImPresence;
}

export interface TestServer {
  baseUrl: string;
  app: App;
  db: Db;
  database: TestDatabase;
  config: AppConfig;
  /** Closes the server (finishing in-flight requests) and drops the database. */
  close(): Promise<void>;
}

export async function startTestServer(
  options: TestServerOptions = {},
): Promise<TestServer> {
  const owned = options.reuseDatabase === undefined;
  const database =
    options.reuseDatabase ??
    (await createTestDatabase(options.database ?? "pglite", {
      seed: options.seed ?? true,
    }));
  try {
    const config = parseConfig({
      PORT: "0",
      HOST: "127.0.0.1",
      NODE_ENV: "test",
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
      DATA_DIR: join(tmpdir(), "fuyuan-test-data"),
      STATIC_DIR:
        options.staticDir ?? join(tmpdir(), "fuyuan-test-no-static-dir"),
      ...options.env,
    });
    const app = await buildApp({
      config,
      db: database.db,
      logger: options.logger ?? createLogger(config.logLevel),
      version: serverVersion(),
      ...(options.clock === undefined ? {} : { clock: options.clock }),
      ...(options.accountEvents === undefined
        ? {}
        : { accountEvents: options.accountEvents }),
      ...(options.providers === undefined
        ? {}
        : { providers: options.providers }),
      ...(options.presence === undefined ? {} : { presence: options.presence }),
    });
    await options.configure?.(app);
    await app.listen({ port: config.port, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    return {
      baseUrl: `http://127.0.0.1:${port}`,
      app,
      db: database.db,
      database,
      config,
      close: async () => {
        await app.close();
        if (owned) await database.close();
      },
    };
  } catch (error) {
    if (owned) await database.close();
    throw error;
  }
}
