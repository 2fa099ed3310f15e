// One chaos run of the messenger (issue #9): the real server as a killable child process, the fault
// proxy in front of its gateway, and two users' worker clients typing through it while the seeded
// plan injects faults; then convergence, a reading round with known unread counts, and the verdict.
import { Prng } from "../support/protocol/prng";
import { judge, type ChaosVerdict, type TypedMessage } from "./chaosChecks";
import { ChaosFleet } from "./ChaosFleet";
import { ChaosServer } from "./ChaosServer";
import { signInChaosUser } from "./chaosUsers";
import { converge, readingRound } from "./chaosPhases";
import { FaultInjector } from "./FaultInjector";
import {
  planFaults,
  type FaultPlanOptions,
  type PlannedFault,
} from "./faultPlan";
import { FaultProxy } from "./FaultProxy";
import { serverHistory } from "./serverHistory";
import { sleep, waitFor } from "./waitFor";

export interface ImChaosOptions {
  readonly seed: number;
  readonly faults: number;
  readonly messages: number;
  readonly weights?: NonNullable<FaultPlanOptions["weights"]>;
  /** The gateway's idle timeout for the run; stalls outlast it (default 8 s). */
  readonly idleTimeoutMs?: number;
  /** RECV re-send delays of the gateway for the run (default 4, 8, 16, 32 s). */
  readonly recvRetryDelaysMs?: readonly number[];
  /** Longest pause between two typed messages (default 25 ms). */
  readonly maxPauseMs?: number;
  /** How long convergence may take once typing ended (default 3 min). */
  readonly settleTimeoutMs?: number;
  readonly log?: (line: string) => void;
}

export interface ImChaosReport extends ChaosVerdict {
  readonly seed: number;
  readonly faults: number;
  readonly messages: number;
  /** Faults that took effect, by kind (a planned fault whose frame never came does not count). */
  readonly fired: Readonly<Record<string, number>>;
  readonly storage: string;
  readonly durationMs: number;
  /** True when nothing is wrong at all. */
  readonly ok: boolean;
}

/** The last line of a run (issue #9). */
export function summaryLine(report: ImChaosReport): string {
  return JSON.stringify({
    chaos: "im",
    seed: report.seed,
    faults: report.faults,
    messages: report.messages,
    lost: report.lost,
    duplicated: report.duplicated,
    reordered: report.reordered,
  });
}

/** A phone number of the run's own (every run has a fresh database; the seed keeps it stable). */
function phoneOf(seed: number, person: number): string {
  return `13${person}${String((seed >>> 0) % 100_000_000).padStart(8, "0")}`;
}

export async function runImChaos(
  options: ImChaosOptions,
): Promise<ImChaosReport> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const idleTimeoutMs = options.idleTimeoutMs ?? 8_000;
  const random = new Prng(options.seed);
  const plan = planFaults(options);
  const planned = new Map<string, number>();
  for (const fault of plan)
    planned.set(fault.kind, (planned.get(fault.kind) ?? 0) + 1);
  log(`plan: ${JSON.stringify(Object.fromEntries(planned))}`);
  const server = await ChaosServer.start({
    idleTimeoutMs,
    recvRetryDelaysMs: options.recvRetryDelaysMs ?? [
      4_000, 8_000, 16_000, 32_000,
    ],
  });
  log(`server: up on port ${server.port}, storage ${server.storage}`);
  let proxy: FaultProxy | null = null;
  let fleet: ChaosFleet | null = null;
  const workerErrors = new Map<string, number>();
  try {
    const relay = await FaultProxy.start(server.imUrl, {
      // NOTE: the clients' heartbeat, time-scaled to the shortened idle timeout (see ProxyLink).
      keepAliveMs: Math.floor(idleTimeoutMs / 4),
    });
    proxy = relay;
    const alice = await signInChaosUser(
      server,
      "alice",
      phoneOf(options.seed, 7),
    );
    const bob = await signInChaosUser(server, "bob", phoneOf(options.seed, 8));
    fleet = await ChaosFleet.start({
      baseUrl: server.baseUrl,
      wsUrl: relay.url,
      users: [alice, bob],
      namePrefix: `chaos${options.seed}`,
      seed: options.seed,
      onError: (device, code, message) => {
        workerErrors.set(code, (workerErrors.get(code) ?? 0) + 1);
        // NOTE: NETWORK and SERVER_ERROR are what faults look like; anything else is worth reading.
        if (code !== "NETWORK" && code !== "SERVER_ERROR")
          log(`worker error on ${device}: ${code} ${message}`);
      },
    });
    const f = fleet;
    if (!(await waitFor(() => f.connected(), 60_000)))
      throw new Error("the clients did not connect through the proxy");
    log(
      `clients: ${f.devices.length} profiles, ${f.devices.reduce((n, d) => n + d.worker.tabs.length, 0)} tabs, connected`,
    );

    // --- typing under faults ---------------------------------------------------------------
    const typed: TypedMessage[] = [];
    const injector = new FaultInjector({
      proxy: relay,
      server,
      fleet: f,
      idleTimeoutMs,
      log,
    });
    let nextPlanned = 0;
    const t0 = performance.now();
    for (let i = 0; i < options.messages; i++) {
      const sender = random.pick(f.devices);
      const tab = random.int(0, sender.worker.tabs.length - 1);
      const tag = `#${i}`;
      const clientMsgNo = await f.type(
        sender,
        tab,
        `${tag} ${sender.user.name}→${sender.peer.name} 第${i}条 seed ${options.seed}`,
      );
      typed.push({
        tag,
        clientMsgNo,
        fromUid: sender.user.imId,
        toUid: sender.peer.imId,
        device: sender.worker.name,
      });
      if (random.bool(0.06)) await f.leave(random.pick(f.devices));
      const due: PlannedFault[] = [];
      while (nextPlanned < plan.length && plan[nextPlanned]!.afterMessage <= i)
        due.push(plan[nextPlanned++]!);
      await injector.inject(due, sender);
      await sleep(random.int(0, options.maxPauseMs ?? 25));
      if ((i + 1) % 250 === 0)
        log(
          `typed ${i + 1}/${options.messages} in ${Math.round(performance.now() - t0)} ms; server kills ${server.kills}`,
        );
    }
    await injector.finish(f.devices[0]!);
    log(
      `faults armed on links: ${JSON.stringify(Object.fromEntries(relay.armedCounts))}`,
    );
    log(
      `typing done in ${Math.round(performance.now() - t0)} ms; ${injector.skipped} planned fault(s) found no target`,
    );

    // --- convergence -------------------------------------------------------------------------
    const settled = await converge(
      f,
      typed,
      options.settleTimeoutMs ?? 180_000,
      log,
      () => relay.describe(),
    );
    log(
      `convergence: ${settled ? "reached" : "NOT reached"} after ${Math.round(performance.now() - t0)} ms`,
    );

    // --- reading round: known unread counts --------------------------------------------------
    const readingProblems = settled
      ? await readingRound(f, server, [alice, bob], random, typed, log)
      : [];
    const history = await serverHistory(server, alice, bob);
    const views = await Promise.all(f.devices.map((d) => f.view(d)));
    const verdict = judge(typed, history, views);

    const fired: Record<string, number> = Object.fromEntries(relay.firedCounts);
    fired.kill = server.kills;
    const problems = [...verdict.problems, ...readingProblems];
    if (!settled) problems.unshift("the clients did not converge in time");
    if (workerErrors.size > 0)
      log(
        `worker background errors (expected under faults): ${JSON.stringify(Object.fromEntries(workerErrors))}`,
      );
    if (
      problems.length > 0 ||
      verdict.reordered + verdict.lost + verdict.duplicated > 0
    )
      log(`server output (tail):\n${server.output.slice(-4_000)}`);
    const report: ImChaosReport = {
      ...verdict,
      problems,
      seed: options.seed,
      faults: options.faults,
      messages: options.messages,
      fired,
      storage: server.storage,
      durationMs: Math.round(performance.now() - started),
      ok:
        verdict.lost === 0 &&
        verdict.duplicated === 0 &&
        verdict.reordered === 0 &&
        problems.length === 0,
    };
    return report;
  } finally {
    await fleet?.close();
    await proxy?.close();
    await server.close();
  }
}
