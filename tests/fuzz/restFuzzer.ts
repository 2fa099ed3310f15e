// The REST fuzzer: fuzzed requests (restRequests.ts) to every route of a running server, one at a
// time, each checked: never a 5xx, never a stall, a {code,data,msg} envelope from every /api/app
// answer (4xx: non-zero code and a message), and no table gaining or losing rows on a refusal
// (except the bookkeeping tables listed below). Both users stay signed in throughout.
import type { Db } from "../../server/db/createDb";
import { signInWithWechatEmulator } from "../support/server/accountsApi";
import { Prng } from "../support/protocol/prng";
import { buildRequest, type FuzzRequest } from "./restRequests";
import { type FuzzRoute, fuzzRoutes, type OpenApiDocument } from "./restRoutes";
import { harvest, type ValuePool } from "./schemaValues";
import { countChanges, tableCounter, type TableCounts } from "./tableCounts";

/**
 * Tables a refused request may change, and why: the accounts rules record refused attempts
 * (code sends and failures per target, IP and account) to enforce their limits.
 */
export const CHANGED_BY_REFUSALS: Readonly<Record<string, string>> = {
  auth_rate_events: "refused sign-in attempts count towards the limits",
  auth_locks: "too many refused attempts lock the target",
  server_secrets:
    "generated once, on first use (the payment emulator's keys), whatever the request",
  im_service_assignments:
    "a user's service staff is assigned on first contact (getVirtual or serviceSend), a whole record of its own whether or not the message is then refused",
};

/** /api/app routes that answer in someone else's format instead of our envelope. */
export const FOREIGN_FORMATS: Readonly<Record<string, string>> = {
  "/api/app/pay/v1/notify":
    "WeChat Pay's notification answer is its own {code,message} (SUCCESS / FAIL)",
  "/api/app/pay/v1/refund/notify":
    "WeChat Pay's refund notification answer is its own {code,message} (SUCCESS / FAIL)",
};

/** Answers must arrive within this (a stall is a failure; generous for a busy machine). */
const STALL_MS = 60_000;
const MAX_REPORTED_FAILURES = 40;

export interface RestFuzzTarget {
  baseUrl: string;
  app: { printRoutes: (options: { commonPrefix: boolean }) => string };
  db: Db;
}

export interface RestFuzzSummary {
  fuzz: "rest";
  seed: number;
  requests: number;
  routes: number;
  /** Routes that got at least one request. */
  routes_tried: number;
  status_2xx: number;
  status_4xx: number;
  status_5xx: number;
  envelope_violations: number;
  half_records: number;
  stalls: number;
  network_errors: number;
  sign_ins: number;
  by_status: Record<string, number>;
  by_kind: Record<string, number>;
  elapsed_ms: number;
  ok: boolean;
}

export interface RestFuzzResult {
  summary: RestFuzzSummary;
  /** The first failures, each replayable from the seed and request number. */
  failures: string[];
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

async function send(baseUrl: string, request: FuzzRequest): Promise<Answer> {
  const response = await fetch(new URL(request.url, baseUrl), {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    redirect: "manual",
    signal: AbortSignal.timeout(STALL_MS),
  });
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    text: request.method === "HEAD" ? "" : await response.text(),
  };
}

/** What is wrong with an /api/app answer's envelope, or null. */
function envelopeProblem(answer: Answer): string | null {
  if (!answer.contentType.startsWith("application/json"))
    return `content-type ${answer.contentType || "(none)"}`;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return "body is not JSON";
  }
  if (typeof body !== "object" || body === null) return "body is not an object";
  const { code, msg } = body as { code?: unknown; msg?: unknown };
  if (typeof code !== "number" || typeof msg !== "string" || !("data" in body))
    return "not a {code,data,msg} envelope";
  if (answer.status < 300 && code !== 0) return `2xx with code ${code}`;
  if (answer.status >= 400 && (code === 0 || msg.trim() === ""))
    return `${answer.status} with code ${code} and msg ${JSON.stringify(msg)}`;
  return null;
}

function shuffled<T>(r: Prng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Routes whose success may end a session (then both users sign in again). */
const SESSION_ROUTES = /loginOut|logoutAll|refreshToken|bindPhone|Login/;

export async function runRestFuzz(
  target: RestFuzzTarget,
  options: { seed: number; count: number; log?: (line: string) => void },
): Promise<RestFuzzResult> {
  const started = performance.now();
  const { seed, count } = options;
  const log = options.log ?? (() => undefined);
  const r = new Prng(seed);
  const doc = (await (
    await fetch(new URL("/api/docs/json", target.baseUrl))
  ).json()) as OpenApiDocument;
  const routes: FuzzRoute[] = fuzzRoutes(target.app, doc);
  const readCounts = await tableCounter(target.db);
  const pool: ValuePool = new Map();
  const failures: string[] = [];
  const summary: RestFuzzSummary = {
    fuzz: "rest",
    seed,
    requests: 0,
    routes: routes.length,
    routes_tried: 0,
    status_2xx: 0,
    status_4xx: 0,
    status_5xx: 0,
    envelope_violations: 0,
    half_records: 0,
    stalls: 0,
    network_errors: 0,
    sign_ins: 0,
    by_status: {},
    by_kind: {},
    elapsed_ms: 0,
    ok: false,
  };
  const fail = (i: number, request: FuzzRequest, what: string) => {
    if (failures.length < MAX_REPORTED_FAILURES)
      failures.push(
        `seed ${seed} request ${i}: ${request.method} ${request.url.slice(0, 200)} [${request.kind}, ${request.caller}]: ${what}`,
      );
  };

  const tokens = { userA: "", userB: "" };
  const signInBoth = async () => {
    tokens.userA = (
      await signInWithWechatEmulator(target, { identity: "demo-1" })
    ).app_token;
    tokens.userB = (
      await signInWithWechatEmulator(target, { identity: "demo-2" })
    ).app_token;
    summary.sign_ins += 2;
  };
  const stillSignedIn = async (token: string) =>
    (
      await fetch(new URL("/api/app/user/v1/info", target.baseUrl), {
        headers: { authorization: `Bearer ${token}` },
      })
    ).status === 200;
  await signInBoth();

  const tried = new Set<FuzzRoute>();
  let order: FuzzRoute[] = [];
  let before: TableCounts = await readCounts();
  for (let i = 0; i < count; i++) {
    if (order.length === 0) order = shuffled(r, routes);
    const route = order.pop()!;
    tried.add(route);
    const request = buildRequest(r, route, { pool, tokens });
    summary.requests += 1;
    summary.by_kind[request.kind] = (summary.by_kind[request.kind] ?? 0) + 1;
    let answer: Answer;
    try {
      answer = await send(target.baseUrl, request);
    } catch (error) {
      const stalled =
        error instanceof DOMException && error.name === "TimeoutError";
      if (stalled) summary.stalls += 1;
      else summary.network_errors += 1;
      fail(
        i,
        request,
        stalled
          ? `no answer within ${STALL_MS} ms`
          : `network error ${String(error)}`,
      );
      before = await readCounts();
      continue;
    }
    const klass = `${Math.floor(answer.status / 100)}xx`;
    summary.by_status[answer.status] =
      (summary.by_status[answer.status] ?? 0) + 1;
    if (klass === "2xx") summary.status_2xx += 1;
    if (klass === "4xx") summary.status_4xx += 1;
    if (answer.status >= 500) {
      summary.status_5xx += 1;
      fail(i, request, `${answer.status} ${answer.text.slice(0, 300)}`);
    }
    const path = request.url.split("?")[0] ?? "";
    if (
      path.startsWith("/api/app/") &&
      !(path in FOREIGN_FORMATS) &&
      request.method !== "HEAD"
    ) {
      const problem = envelopeProblem(answer);
      if (problem !== null) {
        summary.envelope_violations += 1;
        fail(
          i,
          request,
          `envelope: ${problem} (${answer.status} ${answer.text.slice(0, 200)})`,
        );
      }
    }
    const after = await readCounts();
    if (answer.status >= 400) {
      const changed = Object.keys(countChanges(before, after)).filter(
        (table) => !(table in CHANGED_BY_REFUSALS),
      );
      if (changed.length > 0) {
        summary.half_records += 1;
        fail(
          i,
          request,
          `${answer.status} but rows changed in ${JSON.stringify(countChanges(before, after))}`,
        );
      }
    }
    before = after;
    if (klass === "2xx" && answer.contentType.startsWith("application/json")) {
      try {
        harvest(pool, (JSON.parse(answer.text) as { data?: unknown }).data);
      } catch {
        // NOTE: a 2xx JSON body that does not parse is reported by the envelope check above.
      }
      if (
        SESSION_ROUTES.test(path) &&
        !(
          (await stillSignedIn(tokens.userA)) &&
          (await stillSignedIn(tokens.userB))
        )
      ) {
        await signInBoth();
        before = await readCounts();
      }
    }
    if ((i + 1) % 1000 === 0)
      log(
        `${i + 1}/${count} requests: 2xx ${summary.status_2xx}, 4xx ${summary.status_4xx}, 5xx ${summary.status_5xx}, failures ${failures.length}`,
      );
  }
  const alive = await fetch(new URL("/api/app/oapi/v1/config", target.baseUrl));
  if (alive.status !== 200)
    failures.push(`server unhealthy after the run: ${alive.status}`);
  summary.routes_tried = tried.size;
  summary.elapsed_ms = Math.round(performance.now() - started);
  summary.ok =
    failures.length === 0 &&
    summary.status_5xx === 0 &&
    summary.half_records === 0 &&
    summary.envelope_violations === 0;
  return { summary, failures };
}
