// The server under test for `npm run bench:gateway`: the real app (embedded PGlite in a temp dir,
// migrations, seed) in its own process, driven over IPC by gateway.bench.ts — create users with
// real sessions and fetch their IM tokens from user/v1/info as clients do (with IM_ENGINE=wukongim
// that registers each token with WuKongIM), report the IM WebSocket URL oapi/v1/config hands out,
// RSS after GC and group-commit counts (embedded engine only), stop. Listens on PORT (0: any).
import { monitorEventLoopDelay } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { AccountEvents } from "../../server/domain/auth/accountEvents";
import { createAuthServices } from "../../server/domain/auth/createAuthServices";
import { parseConfig } from "../../server/config/appConfig";
import {
  dbOptionsFromConfig,
  openDatabase,
} from "../../server/db/openDatabase";
import { buildApp } from "../../server/http/app";
import { createLogger } from "../../server/lib/logger";
import { serverVersion } from "../../server/lib/version";
import type { BenchRequest, BenchUser } from "./gatewayBenchProtocol";
import { GatewayDiagnostics } from "./gatewayDiagnostics";
import { tuneHeap } from "../../server/lib/heapTuning";

tuneHeap();

const config = parseConfig(process.env);
const logger = createLogger(config.logLevel);
const database = await openDatabase(dbOptionsFromConfig(config), logger, {
  seedIfEmpty: true,
});
const events = new AccountEvents();
const diagnostics =
  process.env.BENCH_DIAG === "1" ? new GatewayDiagnostics() : null;
let batches = 0;
let committed = 0;
const app = await buildApp({
  config,
  db: database.db,
  logger,
  version: serverVersion(),
  accountEvents: events,
  im: {
    // NOTE: the load generator opens its thousands of sockets from loopback, 200 at a time; the
    // per-IP handshake cap (#19) is for many clients behind one address, not for a bench.
    maxHandshakesPerIp: 100_000,
    hooks: {
      afterCommit: (stored) => {
        batches += 1;
        committed += stored.length;
      },
      ...(diagnostics === null ? {} : { onBatch: diagnostics.onBatch }),
    },
  },
});
// NOTE: with IM_ENGINE=wukongim the port is fixed by the caller: WuKongIM's webhook URL names it.
await app.listen({ port: config.port, host: "127.0.0.1" });
const address = app.server.address();
const port = typeof address === "object" && address !== null ? address.port : 0;

async function createUsers(count: number): Promise<BenchUser[]> {
  const auth = await createAuthServices({
    config,
    db: database.db,
    clock: Date.now,
    logger,
    events,
  });
  const inserted = await database.db.execute(sql`
      insert into users (im_id, nickname, invite_code)
      select 'bench_' || i, 'bench ' || i, 'BENCH' || i from generate_series(1, ${count}) as i
      on conflict (im_id) do update set nickname = excluded.nickname
      returning id, im_id`);
  const rows = (inserted as { rows: { id: number; im_id: string }[] }).rows;
  const users: BenchUser[] = [];
  const setupStart = Date.now();
  let next = 0;
  // NOTE: a few at a time: with IM_ENGINE=wukongim each user/v1/info waits on WuKongIM's API.
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++]!;
      const pair = await auth.sessions.create(row.id, {
        userAgent: "bench",
        ip: "127.0.0.1",
      });
      users.push(await imUserOf(pair.app_token));
      if (users.length % 1000 === 0)
        console.error(
          `  setup: ${String(users.length)} users signed in after ${String(Math.round((Date.now() - setupStart) / 1000))} s`,
        );
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return users;
}

/**
 * The user's IM id and token from user/v1/info, asked again after a failure (waiting one second
 * more each time, at most 5 s) as a client would, for up to {@link SIGN_IN_PATIENCE_MS}: on this
 * machine kind WuKongIM's /user/token (two Raft proposals for a new user) slows as thousands of
 * users are added and stalls for over a minute at times, answering "context deadline exceeded"
 * (503 IM_UNAVAILABLE here).
 */
/** How long one user's sign-in may keep failing before the bench gives up. */
const SIGN_IN_PATIENCE_MS = 5 * 60_000;

async function imUserOf(appToken: string): Promise<BenchUser> {
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    const info = await app.inject({
      method: "GET",
      url: "/api/app/user/v1/info",
      headers: { authorization: `Bearer ${appToken}` },
    });
    const body = info.json<{ data?: { imId: string; imToken: string } }>();
    if (info.statusCode === 200 && body.data !== undefined)
      return { uid: body.data.imId, token: body.data.imToken };
    if (Date.now() - started > SIGN_IN_PATIENCE_MS)
      throw new Error(
        `user/v1/info answered ${String(info.statusCode)} for ${String(attempt)} tries: ${info.body}`,
      );
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(attempt, 5) * 1_000),
    );
  }
}

/** The IM WebSocket URL oapi/v1/config gives browsers (ours, or WuKongIM's). */
async function imWsUrl(): Promise<string> {
  const response = await app.inject({
    method: "GET",
    url: "/api/app/oapi/v1/config",
  });
  return response.json<{ data: { imWsUrl: string } }>().data.imWsUrl;
}

function rssAfterGc(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < 3; i++) gc?.();
  return process.memoryUsage().rss;
}

/** Event-loop delay while a storm runs (10 ms sampling: the max is the longest stall seen). */
const stalls = monitorEventLoopDelay({ resolution: 10 });

process.on("message", (raw) => {
  const request = raw as BenchRequest;
  void (async () => {
    switch (request.type) {
      case "users":
        process.send?.({
          id: request.id,
          users: await createUsers(request.count),
        });
        break;
      case "config":
        process.send?.({ id: request.id, imWsUrl: await imWsUrl() });
        break;
      case "rss":
        process.send?.({
          id: request.id,
          rss: rssAfterGc(),
          heap: process.memoryUsage().heapUsed,
        });
        break;
      case "diag":
        process.send?.({
          id: request.id,
          diag: diagnostics?.snapshot() ?? null,
        });
        break;
      case "stallWatch":
        if (request.on) {
          stalls.reset();
          stalls.enable();
          process.send?.({ id: request.id });
        } else {
          stalls.disable();
          process.send?.({
            id: request.id,
            maxStallMs: Number((stalls.max / 1e6).toFixed(1)),
          });
        }
        break;
      case "commits":
        process.send?.({ id: request.id, batches, committed });
        break;
      case "stop":
        await app.close();
        await database.close();
        process.send?.({ id: request.id });
        process.exit(0);
    }
  })();
});
process.send?.({ id: 0, port });
