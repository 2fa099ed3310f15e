// The server under test for `npm run bench:gateway`: the real app (embedded PGlite in a temp dir,
// migrations, seed) in its own process, driven over IPC by gateway.bench.ts — create users with
// real sessions (their IM tokens), report RSS after GC, report group-commit counts, stop.
import { sql } from "drizzle-orm";
import { AccountEvents } from "../../server/domain/auth/accountEvents";
import { createAuthServices } from "../../server/domain/auth/createAuthServices";
import { parseConfig } from "../../server/config";
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
    hooks: {
      afterCommit: (stored) => {
        batches += 1;
        committed += stored.length;
      },
      ...(diagnostics === null ? {} : { onBatch: diagnostics.onBatch }),
    },
  },
});
await app.listen({ port: 0, host: "127.0.0.1" });
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
  for (const row of rows) {
    const pair = await auth.sessions.create(row.id, {
      userAgent: "bench",
      ip: "127.0.0.1",
    });
    const { sessionId } = await auth.sessions.authenticate(pair.app_token);
    users.push({
      uid: row.im_id,
      token: await auth.sessions.imTokenOf(sessionId),
    });
  }
  return users;
}

function rssAfterGc(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < 3; i++) gc?.();
  return process.memoryUsage().rss;
}

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
