// `npm run bench:commit`: the gateway's group-commit write (persistBatch: seq allocation, channel
// rows and messages in one statement) on the embedded database as production opens it (on disk, in
// its worker thread), without sockets, crypto or a load generator sharing the CPU. Batch sizes run
// interleaved, round by round, so drift of the machine hits them all alike. Reports per size the
// p50/p99/max/mean time of one batch and its cost per message, then a least-squares fit
// `mean = fixed + perMessage × size` and what that costs the database thread at 5,000 messages/s.
// This is the part of `bench:gateway` a change to the write path moves; that benchmark's run-to-run
// spread (p99 SENDACK 116 and 186 ms in two runs of the same code) hides a 25 % change of it.
//
// BENCH_BATCHES (default 1,5,25,100,200), BENCH_ROUNDS (10), BENCH_MESSAGES_PER_ROUND (2000 per
// size), BENCH_CHANNELS (500 two-party channels), BENCH_DATABASE_URL (an empty PostgreSQL
// database instead, migrated here).
// Last line: one JSON object.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDb } from "../../server/db/createDb";
import type { MessageToStore } from "../../server/im/batchPlan";
import { batchStatements } from "../../server/im/batchStatements";
import { persistBatch } from "../../server/im/persistBatch";
import { spread } from "./spread";

const SIZES = (process.env.BENCH_BATCHES ?? "1,5,25,100,200")
  .split(",")
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const PER_ROUND = Number(process.env.BENCH_MESSAGES_PER_ROUND ?? 2000);
const CHANNELS = Number(process.env.BENCH_CHANNELS ?? 500);
const URL = process.env.BENCH_DATABASE_URL;
const RATE = 5000;
const PAYLOAD = JSON.stringify({
  type: 1,
  content: "愿您平安喜乐，福缘常在 — a typical short chat message",
});

const log = (line: string) => {
  process.stdout.write(`${line}\n`);
};
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Messages like the gateway's: alternating senders over CHANNELS channels, red dot, text. */
function messageSource(): (count: number) => MessageToStore[] {
  let next = 0;
  const timestamp = Math.floor(Date.now() / 1000);
  return (count) =>
    Array.from({ length: count }, () => {
      const n = next++;
      const channel = n % CHANNELS;
      const lo = `bench_${String(channel * 2).padStart(6, "0")}`;
      const hi = `bench_${String(channel * 2 + 1).padStart(6, "0")}`;
      const fromLo = Math.floor(n / CHANNELS) % 2 === 0;
      return {
        id: 1_000_000_000_000n + BigInt(n),
        channelKey: `${lo}@${hi}`,
        channelType: 1,
        fromUid: fromLo ? lo : hi,
        toUid: fromLo ? hi : lo,
        clientMsgNo: `bench-${n}`,
        clientSeq: n,
        setting: 0,
        header: 2,
        contentType: 1,
        expire: 0,
        topic: null,
        timestamp,
        payload: PAYLOAD,
        updatesConversations: true,
      };
    });
}

/** Least squares of y = a + b·x. */
function fit(points: readonly { x: number; y: number }[]): {
  a: number;
  b: number;
} {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const b = sxx === 0 ? 0 : sxy / sxx;
  return { a: my - b * mx, b };
}

async function main(): Promise<void> {
  const dataDir =
    URL === undefined
      ? await mkdtemp(join(tmpdir(), "fuyuan-bench-commit-"))
      : null;
  const database =
    URL === undefined
      ? await createDb({ driver: "pglite", dataDir })
      : await createDb({ driver: "pg", url: URL, maxConnections: 1 });
  try {
    await database.migrate();
    const statements = batchStatements(database.db);
    const messages = messageSource();
    log(
      `bench:commit — ${database.driver}${dataDir === null ? "" : " on disk (worker thread)"}, ${CHANNELS} channels, sizes ${SIZES.join("/")}, ${ROUNDS} rounds of ${PER_ROUND} messages per size`,
    );
    // NOTE: a first pass per size warms the prepared statement, the caches and the WAL segment.
    for (const size of SIZES) await persistBatch(statements, messages(size));
    const times = new Map<number, number[]>(SIZES.map((s) => [s, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const size of SIZES) {
        const own = times.get(size) as number[];
        for (let done = 0; done < PER_ROUND; done += size) {
          const batch = messages(size);
          const start = performance.now();
          const stored = await persistBatch(statements, batch);
          own.push(performance.now() - start);
          if (stored.length !== size || stored.some((s) => s.duplicate))
            throw new Error("a batch was not stored as sent");
        }
      }
    }
    const sizes = SIZES.map((size) => {
      const { count, p50, p99, max, total } = spread(times.get(size) ?? []);
      const mean = total / count;
      return {
        batch: size,
        batches: count,
        p50_ms: p50,
        p99_ms: p99,
        max_ms: max,
        mean_ms: round2(mean),
        us_per_msg: Math.round((mean / size) * 1000),
      };
    });
    for (const s of sizes)
      log(
        `  batch ${String(s.batch).padStart(3)}: ${s.batches} batches, p50 ${s.p50_ms} ms, p99 ${s.p99_ms} ms, max ${s.max_ms} ms, mean ${s.mean_ms} ms = ${s.us_per_msg} µs per message`,
      );
    const { a, b } = fit(sizes.map((s) => ({ x: s.batch, y: s.mean_ms })));
    const typical = 25;
    const busy = (RATE / typical) * (a + b * typical);
    log(
      `  fit: ${round2(a)} ms per batch + ${Math.round(b * 1000)} µs per message; at ${RATE}/s in batches of ${typical} the fit puts the database busy ${Math.round(busy / 10)} % of the time`,
    );
    log(
      JSON.stringify({
        bench: "commit",
        driver: database.driver,
        channels: CHANNELS,
        fixed_ms_per_batch: round2(a),
        us_per_msg: Math.round(b * 1000),
        busy_pct_at_5000_per_s: Math.round(busy / 10),
        sizes,
      }),
    );
  } finally {
    await database.close();
    if (dataDir !== null) await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
