// `npm run bench:rest`: REST throughput and tail with autocannon against the real server as
// `npm start` runs it (a child process, demo data, development mode): the public home and a
// product (GET, no credentials: compressed as a browser asks), and a signed-in order list. Each
// target runs WINDOWS times for SECONDS each; a page's line gives the median window and the
// spread (max − min) of its rps and p99, not a lucky best. The signed-in user first places
// ORDERS_PLACED orders, so the list has rows to read, join and count; the user is new each run
// (freshPhone: a number from the process id), so a kept database (DATABASE_URL) neither grows the
// list nor refuses a second code within the SMS cooldown. Targets (#20): home and product
// ≥ 3,000 rps at p99 ≤ 30 ms, orders ≥ 1,500 rps at p99 ≤ 50 ms; reported, never asserted.
// Last line: {"bench":"rest","home_rps":…,"home_p99_ms":…,"product_rps":…,"product_p99_ms":…,
// "orders_rps":…,"orders_p99_ms":…}
import autocannon from "autocannon";
import { freshPhone, signInWithPhone } from "../support/server/accountsApi";
import { startServerProcess } from "../support/e2e/serverProcess";

const SECONDS = Number(process.env.REST_SECONDS ?? 10);
const WINDOWS = Number(process.env.REST_WINDOWS ?? 3);
const CONNECTIONS = Number(process.env.REST_CONNECTIONS ?? 50);
const ORDERS_PLACED = 3;
export const TARGETS = {
  publicRps: 3000,
  publicP99Ms: 30,
  ordersRps: 1500,
  ordersP99Ms: 50,
} as const;

const log = (line: string) => {
  process.stdout.write(`${line}\n`);
};

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 0;
}

interface Window {
  rps: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

async function window(
  url: string,
  headers: Record<string, string>,
): Promise<Window> {
  const result = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  return {
    rps: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const server = await startServerProcess({ LOG_LEVEL: "error" });
const results: Record<string, { rps: number; p99Ms: number }> = {};
try {
  const tokens = await signInWithPhone(server, freshPhone());
  for (let i = 0; i < ORDERS_PLACED; i += 1) {
    const placed = await fetch(`${server.baseUrl}/api/app/order/v1/create`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${tokens.app_token}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({
        productId: 1,
        optionId: 1,
        quantity: 1,
        beneficiaryName: "王小明",
        wish: "愿家人平安健康",
      }),
    });
    if (!placed.ok)
      throw new Error(`order/v1/create answered ${String(placed.status)}`);
  }
  const targets = [
    {
      name: "home",
      path: "/api/app/oapi/v1/home",
      headers: { "accept-encoding": "br, gzip" },
    },
    {
      name: "product",
      path: "/api/app/oapi/v1/products/1",
      headers: { "accept-encoding": "br, gzip" },
    },
    {
      name: "orders",
      path: "/api/app/order/v1/mine?page=1&pageSize=10",
      headers: {
        authorization: `Bearer ${tokens.app_token}`,
        "accept-encoding": "br, gzip",
      },
    },
  ];
  for (const target of targets) {
    const check = await fetch(`${server.baseUrl}${target.path}`, {
      headers: target.headers,
    });
    if (!check.ok)
      throw new Error(`${target.path} answered ${String(check.status)}`);
    // NOTE: one short warm-up (JIT, the database's caches) that is not counted.
    await autocannon({
      url: `${server.baseUrl}${target.path}`,
      headers: target.headers,
      connections: CONNECTIONS,
      duration: 2,
    });
    const windows: Window[] = [];
    for (let i = 0; i < WINDOWS; i += 1)
      windows.push(
        await window(`${server.baseUrl}${target.path}`, target.headers),
      );
    const rps = windows.map((w) => w.rps);
    const p99 = windows.map((w) => w.p99Ms);
    results[target.name] = { rps: median(rps), p99Ms: median(p99) };
    log(
      JSON.stringify({
        bench: "rest-target",
        target: target.name,
        path: target.path,
        connections: CONNECTIONS,
        seconds: SECONDS,
        windows: WINDOWS,
        rps: Math.round(median(rps)),
        rps_spread: Math.round(Math.max(...rps) - Math.min(...rps)),
        p99_ms: median(p99),
        p99_spread_ms: Math.max(...p99) - Math.min(...p99),
        non2xx: windows.reduce((n, w) => n + w.non2xx, 0),
        errors: windows.reduce((n, w) => n + w.errors, 0),
      }),
    );
  }
} finally {
  await server.stop();
}

const of = (name: string) => results[name] ?? { rps: 0, p99Ms: 0 };
log(
  JSON.stringify({
    bench: "rest",
    home_rps: Math.round(of("home").rps),
    home_p99_ms: of("home").p99Ms,
    product_rps: Math.round(of("product").rps),
    product_p99_ms: of("product").p99Ms,
    orders_rps: Math.round(of("orders").rps),
    orders_p99_ms: of("orders").p99Ms,
    targets: TARGETS,
  }),
);
