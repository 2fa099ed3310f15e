// The real server in-process on loopback for IM tests (like tests/support/server/testServer.ts, plus the
// gateway's tunables and hooks), and users made by real SMS sign-ins whose IM tokens come from
// user/v1/info.
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { parseConfig } from "../../../../server/config/appConfig";
import type { Db } from "../../../../server/db/createDb";
import type { AccountEvents } from "../../../../server/domain/auth/accountEvents";
import { buildApp, type App } from "../../../../server/http/app";
import type { ImStackOptions } from "../../../../server/im/startImGateway";
import { createLogger } from "../../../../server/lib/logger";
import { serverVersion } from "../../../../server/lib/version";
import { call, freshPhone, signInWithPhone, type Tokens } from "../accountsApi";
import type { TestClock } from "../../testClock";
import {
  createTestDatabase,
  type TestDatabase,
  type TestDatabaseKind,
} from "../testDb";

export interface ImServer {
  baseUrl: string;
  /** ws://127.0.0.1:PORT/im */
  imUrl: string;
  app: App;
  db: Db;
  database: TestDatabase;
  close(): Promise<void>;
}

export interface ImServerOptions {
  database: TestDatabaseKind;
  /** Serve this database (close() leaves it open). */
  reuseDatabase?: TestDatabase;
  clock?: TestClock;
  im?: ImStackOptions;
  accountEvents?: AccountEvents;
  /** TRUST_PROXY (default on: tests sign in from invented X-Forwarded-For addresses). */
  trustProxy?: string;
}

export async function startImServer(
  options: ImServerOptions,
): Promise<ImServer> {
  const owned = options.reuseDatabase === undefined;
  const database =
    options.reuseDatabase ?? (await createTestDatabase(options.database));
  try {
    const config = parseConfig({
      PORT: "0",
      HOST: "127.0.0.1",
      NODE_ENV: "test",
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
      DATA_DIR: join(tmpdir(), "fuyuan-test-data"),
      STATIC_DIR: join(tmpdir(), "fuyuan-test-no-static-dir"),
      TRUST_PROXY: options.trustProxy ?? "on",
    });
    const app = await buildApp({
      config,
      db: database.db,
      logger: createLogger(config.logLevel),
      version: serverVersion(),
      ...(options.clock === undefined ? {} : { clock: options.clock }),
      ...(options.im === undefined ? {} : { im: options.im }),
      ...(options.accountEvents === undefined
        ? {}
        : { accountEvents: options.accountEvents }),
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    return {
      baseUrl: `http://127.0.0.1:${port}`,
      imUrl: `ws://127.0.0.1:${port}/im`,
      app,
      db: database.db,
      database,
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

/** A signed-in session of a user: its tokens and what user/v1/info says. */
export interface ImUser {
  phone: string;
  tokens: Tokens;
  userId: number;
  imId: string;
  imToken: string;
}

let ips = 0;

/**
 * Signs `phone` in by SMS code (a new session: new IM token). The clock moves past the one-minute
 * resend rule first, so one number can sign in again.
 */
export async function signIn(
  server: Pick<ImServer, "baseUrl">,
  clock: TestClock,
  phone: string = freshPhone(),
): Promise<ImUser> {
  clock.advance(61_000);
  ips += 1;
  const tokens = await signInWithPhone(server, phone, {
    ip: `10.77.${Math.floor(ips / 250) % 250}.${(ips % 250) + 1}`,
  });
  const info = await call(server, "GET", "user/v1/info", {
    token: tokens.app_token,
  });
  if (info.status !== 200) throw new Error(`user/v1/info: ${info.body.msg}`);
  return {
    phone,
    tokens,
    userId: info.body.data.userId,
    imId: info.body.data.imId,
    imToken: info.body.data.imToken,
  };
}
