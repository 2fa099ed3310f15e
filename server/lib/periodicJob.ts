// A job that runs every so often on every app server, but does its work once per period across
// all of them: each tick first claims the period in the database (job_leases), and only the
// server whose claim succeeds runs. One conditional upsert, so it holds on PGlite and on any number
// of servers sharing a PostgreSQL; a server that dies mid-run only delays the next period.
import { hostname } from "node:os";
import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "../db/createDb";
import type { Clock } from "../providers/lib/runtime";

/** Who claims: shown in job_leases.claimed_by. */
const SERVER_ID = `${hostname()}:${String(process.pid)}`;

/**
 * Timers on different servers tick at different phases: a claim succeeds once the last one is at
 * least this share of a period old, so one server wins each period and none is starved.
 */
const CLAIM_AFTER_SHARE = 0.9;

/** A claimed period: `previousAt` is when the run before it was claimed (null: the first run). */
export interface ClaimedPeriod {
  previousAt: number | null;
}

/**
 * Claims the current period of job `name` for this server; null when another server (or an
 * earlier tick) already ran it less than a period ago.
 */
export async function claimPeriod(
  db: Db,
  name: string,
  periodMs: number,
  now: number,
  who: string = SERVER_ID,
): Promise<ClaimedPeriod | null> {
  const at = new Date(now).toISOString();
  const before = new Date(now - periodMs * CLAIM_AFTER_SHARE).toISOString();
  const result = await db.execute(sql`
    with previous as (select claimed_at from job_leases where name = ${name})
    insert into job_leases as l (name, claimed_at, claimed_by)
    values (${name}, ${at}::timestamptz, ${who})
    on conflict (name) do update set claimed_at = excluded.claimed_at,
      claimed_by = excluded.claimed_by
    where l.claimed_at <= ${before}::timestamptz
    returning (select claimed_at from previous) as previous_at`);
  const [row] = (result as { rows: { previous_at: Date | string | null }[] })
    .rows;
  if (row === undefined) return null;
  return {
    previousAt:
      row.previous_at === null ? null : new Date(row.previous_at).getTime(),
  };
}

export interface PeriodicJobOptions {
  db: Db;
  clock: Clock;
  logger: Pick<Logger, "error">;
  /** The job's name in job_leases. */
  name: string;
  /** 0 or less: never. */
  intervalMs: number;
  /** The work; `claim` says when the previous run (on any server) was claimed. */
  run: (claim: ClaimedPeriod) => Promise<unknown>;
}

/**
 * Starts the schedule; returns stop(), which also waits for a running pass.
 * @example const stop = schedulePeriodic({ db, clock, logger, name: "order-sweep", intervalMs: 60_000, run });
 */
export function schedulePeriodic(
  options: PeriodicJobOptions,
): () => Promise<void> {
  const { db, clock, logger, name, intervalMs, run } = options;
  if (intervalMs <= 0) return () => Promise.resolve();
  let running: Promise<void> | undefined;
  const tick = async () => {
    const claim = await claimPeriod(db, name, intervalMs, clock());
    if (claim !== null) await run(claim);
  };
  const timer = setInterval(() => {
    running ??= tick()
      .catch((error: unknown) => {
        logger.error({ err: error, job: name }, "periodic job failed");
      })
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
