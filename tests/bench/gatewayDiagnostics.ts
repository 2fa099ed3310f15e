// Where `npm run bench:gateway`'s tail latency comes from (BENCH_DIAG=1): event-loop delay, GC
// pauses, group-commit timings and the embedded database's durable syncs of one process, gathered
// between two snapshots and summarised.
import { readFileSync } from "node:fs";
import {
  type IntervalHistogram,
  PerformanceObserver,
  constants as perfConstants,
  monitorEventLoopDelay,
} from "node:perf_hooks";
import { subscribe } from "node:diagnostics_channel";
import { type DurableSync, durableSyncs } from "../../server/db/durableSyncs";
import type { BatchTiming } from "../../server/im/GroupCommitter";
import { type Spread, spread } from "./spread";

/**
 * Event-loop stalls longer than STALL_MS and what overlapped them: GC pauses, group-commit
 * writes, and time the process was not on a CPU (another process had it, or blocking I/O).
 */
export interface StallReport {
  count: number;
  totalMs: number;
  maxMs: number;
  gcMs: number;
  writeMs: number;
  /** Time this thread was not running (Linux schedstat of the main thread). */
  offCpuMs: number;
  /** Of that, time it was runnable but waiting for a CPU (other threads or processes had them). */
  runQueueMs: number;
}

export interface DiagnosticsSnapshot {
  stalls: StallReport;
  /** Event-loop delay (ms) sampled every 1 ms. */
  loop: Spread;
  /** GC pauses (ms). */
  gc: Spread;
  /** Of them, full (mark-compact) collections: each also marks concurrently on V8's helper threads. */
  majorGcs: number;
  /** Group commits: items per batch, wait before the write began, the write (ms). */
  batchSize: Spread;
  batchWait: Spread;
  batchWrite: Spread;
  /**
   * The embedded database's durable syncs (ms, measured in its thread; part of each write): the
   * disk's share of a SENDACK. Empty in a process without the database.
   */
  durableSync: Spread;
  /** Of them, syncs of the whole data directory after a checkpoint. */
  checkpoints: number;
  /** Stalls and major collections in order, at wall-clock ms (to line up with the other process). */
  timeline: TimelineEvent[];
}

export interface TimelineEvent {
  /** Wall-clock ms (performance.timeOrigin based) at which it began. */
  at: number;
  what: "stall" | "major GC" | "checkpoint sync" | "slow sync";
  ms: number;
  /** Stalls: of `ms`, the time the main thread was not running. */
  offCpuMs?: number;
}

function histogramSpread(h: IntervalHistogram): Spread {
  const ms = (ns: number) => Number((ns / 1e6).toFixed(2));
  return {
    count: h.count,
    p50: h.count === 0 ? 0 : ms(h.percentile(50)),
    p99: h.count === 0 ? 0 : ms(h.percentile(99)),
    max: h.count === 0 ? 0 : ms(h.max),
    total: 0,
  };
}

const STALL_MS = 20;
const TICK_MS = 10;

interface Span {
  start: number;
  end: number;
}

/**
 * The main thread's CPU time and run-queue wait so far (ms), from Linux schedstat; NaN where there
 * is none, so the stall report says "NaN" instead of counting every stall as off-CPU.
 */
function mainThreadSched(): { runMs: number; waitMs: number } {
  try {
    const [run = "NaN", wait = "NaN"] = readFileSync(
      `/proc/self/task/${String(process.pid)}/schedstat`,
      "utf8",
    ).split(" ");
    return { runMs: Number(run) / 1e6, waitMs: Number(wait) / 1e6 };
  } catch {
    return { runMs: Number.NaN, waitMs: Number.NaN };
  }
}

const overlap = (a: Span, spans: readonly Span[]) =>
  spans.reduce(
    (sum, b) =>
      sum + Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start)),
    0,
  );

export class GatewayDiagnostics {
  readonly #loop = monitorEventLoopDelay({ resolution: 1 });
  readonly #gcObserver: PerformanceObserver;
  readonly #ticker: NodeJS.Timeout;
  /** The major (mark-compact) ones among the GC pauses. */
  #majorSpans: Span[] = [];
  #gcSpans: Span[] = [];
  #writeSpans: Span[] = [];
  #stalls: (Span & { cpuMs: number; queuedMs: number })[] = [];
  #lastTick = performance.now();
  #lastSched = mainThreadSched();
  #sizes: number[] = [];
  #waits: number[] = [];
  #syncs: (Span & { checkpoint: boolean })[] = [];

  constructor() {
    subscribe(durableSyncs.name, (message) => {
      const { ms, checkpoint } = message as DurableSync;
      const end = performance.now();
      this.#syncs.push({ start: end - ms, end, checkpoint });
    });
    this.#loop.enable();
    this.#gcObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
        const span = {
          start: entry.startTime,
          end: entry.startTime + entry.duration,
        };
        this.#gcSpans.push(span);
        if (kind === perfConstants.NODE_PERFORMANCE_GC_MAJOR)
          this.#majorSpans.push(span);
      }
    });
    this.#gcObserver.observe({ entryTypes: ["gc"] });
    this.#ticker = setInterval(() => {
      const now = performance.now();
      const sched = mainThreadSched();
      if (now - this.#lastTick > TICK_MS + STALL_MS)
        this.#stalls.push({
          start: this.#lastTick,
          end: now,
          cpuMs: sched.runMs - this.#lastSched.runMs,
          queuedMs: sched.waitMs - this.#lastSched.waitMs,
        });
      this.#lastTick = now;
      this.#lastSched = sched;
    }, TICK_MS);
    this.#ticker.unref();
  }

  /** The group committer's observer (GatewayHooks.onBatch). */
  readonly onBatch = (timing: BatchTiming): void => {
    this.#sizes.push(timing.size);
    this.#waits.push(timing.waitedMs);
    const end = performance.now();
    this.#writeSpans.push({ start: end - timing.writeMs, end });
  };

  /** What happened since the previous snapshot; starts the next period. */
  snapshot(): DiagnosticsSnapshot {
    const stalls = this.#stalls;
    const result: DiagnosticsSnapshot = {
      stalls: {
        count: stalls.length,
        totalMs: Math.round(stalls.reduce((a, x) => a + x.end - x.start, 0)),
        maxMs: Math.round(Math.max(0, ...stalls.map((x) => x.end - x.start))),
        gcMs: Math.round(
          stalls.reduce((a, x) => a + overlap(x, this.#gcSpans), 0),
        ),
        writeMs: Math.round(
          stalls.reduce((a, x) => a + overlap(x, this.#writeSpans), 0),
        ),
        offCpuMs: Math.round(
          stalls.reduce(
            (a, x) => a + Math.max(0, x.end - x.start - x.cpuMs),
            0,
          ),
        ),
        runQueueMs: Math.round(stalls.reduce((a, x) => a + x.queuedMs, 0)),
      },
      loop: histogramSpread(this.#loop),
      gc: spread(this.#gcSpans.map((x) => x.end - x.start)),
      majorGcs: this.#majorSpans.length,
      batchSize: spread(this.#sizes),
      batchWait: spread(this.#waits),
      batchWrite: spread(this.#writeSpans.map((x) => x.end - x.start)),
      durableSync: spread(this.#syncs.map((x) => x.end - x.start)),
      checkpoints: this.#syncs.filter((x) => x.checkpoint).length,
      timeline: [
        ...this.#syncs
          .filter((x) => x.checkpoint || x.end - x.start > STALL_MS)
          .map((x): TimelineEvent => ({
            at: performance.timeOrigin + x.start,
            what: x.checkpoint ? "checkpoint sync" : "slow sync",
            ms: Math.round(x.end - x.start),
          })),
        ...stalls.map((x): TimelineEvent => ({
          at: performance.timeOrigin + x.start,
          what: "stall",
          ms: Math.round(x.end - x.start),
          offCpuMs: Math.round(Math.max(0, x.end - x.start - x.cpuMs)),
        })),
        ...this.#majorSpans.map((x): TimelineEvent => ({
          at: performance.timeOrigin + x.start,
          what: "major GC",
          ms: Number((x.end - x.start).toFixed(1)),
        })),
      ].sort((a, b) => a.at - b.at),
    };
    this.#loop.reset();
    this.#majorSpans = [];
    this.#gcSpans = [];
    this.#writeSpans = [];
    this.#stalls = [];
    this.#sizes = [];
    this.#waits = [];
    this.#syncs = [];
    return result;
  }
}

/**
 * One line per snapshot for the bench log, then its timeline: seconds since `origin` (the run's
 * wall-clock start) of each stall and major collection.
 */
export function describeDiagnostics(
  label: string,
  d: DiagnosticsSnapshot,
  origin: number,
): string {
  const timeline = d.timeline
    .map(
      (e) =>
        `@${((e.at - origin) / 1000).toFixed(1)}s ${e.what} ${e.ms} ms` +
        (e.offCpuMs === undefined ? "" : ` (off-CPU ${e.offCpuMs})`),
    )
    .join(", ");
  const s = (x: Spread) =>
    `n ${x.count} p50 ${x.p50} p99 ${x.p99} max ${x.max}`;
  return (
    `    ${label}: stalls > ${STALL_MS} ms: ${d.stalls.count}, ${d.stalls.totalMs} ms (max ${d.stalls.maxMs}; overlapping GC ${d.stalls.gcMs}, commit writes ${d.stalls.writeMs}, main thread off-CPU ${d.stalls.offCpuMs}, of it waiting for a CPU ${d.stalls.runQueueMs}) | loop delay ${s(d.loop)} | GC ${s(d.gc)} total ${d.gc.total} ms, ${d.majorGcs} major` +
    (d.batchSize.count > 0
      ? ` | batches ${d.batchSize.count} size p50 ${d.batchSize.p50} max ${d.batchSize.max}; wait ${s(d.batchWait)}; write ${s(d.batchWrite)}`
      : "") +
    (d.durableSync.count > 0
      ? ` | durable syncs ${s(d.durableSync)}, ${d.checkpoints} after a checkpoint`
      : "") +
    (timeline === "" ? "" : `\n      ${label} timeline: ${timeline}`)
  );
}
