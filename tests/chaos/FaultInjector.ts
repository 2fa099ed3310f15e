// Puts the planned faults into effect during typing: proxy faults are armed on a connection that will
// see the frames concerned (SENDACKs on the sender's, RECVs on the others'), server faults kill -9 and
// restart the server in the background while typing goes on. Every planned fault gets injected.
import type { ChaosFleet, FleetDevice } from "./ChaosFleet";
import type { ChaosServer } from "./ChaosServer";
import { FaultKind, type PlannedFault } from "./faultPlan";
import type { ArmedFault, FaultProxy, ProxyLink } from "./FaultProxy";
import { waitFor } from "./waitFor";

/** How long a kill-after-commit waits for a commit before it kills anyway. */
const COMMIT_WAIT_MS = 15_000;
/** How long a due proxy fault waits for its target connection to come back. */
const TARGET_WAIT_MS = 60_000;
/** How long faults armed after typing may wait for traffic before they are disarmed. */
const FINAL_FIRE_WAIT_MS = 5_000;
/** Typed messages a server fault waits at most for armed proxy faults to fire. */
const MAX_KILL_DEFERRAL = 20;

const RECV_KINDS: ReadonlySet<FaultKind> = new Set<FaultKind>([
  FaultKind.DROP_RECV,
  FaultKind.DUP_RECV,
  FaultKind.REORDER_RECV,
]);

const isServerFault = (fault: PlannedFault) =>
  fault.kind === FaultKind.KILL || fault.kind === FaultKind.KILL_AFTER_COMMIT;

export interface FaultInjectorDeps {
  readonly proxy: FaultProxy;
  readonly server: ChaosServer;
  readonly fleet: ChaosFleet;
  /** The gateway's idle timeout: stalls outlast it. */
  readonly idleTimeoutMs: number;
  readonly log: (line: string) => void;
}

export class FaultInjector {
  readonly #deps: FaultInjectorDeps;
  readonly #waiting: PlannedFault[] = [];
  readonly #work: { restart: Promise<void> | null } = { restart: null };
  /** Messages a due server fault has waited for armed proxy faults. */
  #deferred = 0;
  /** Planned faults that never found a target (reported; should stay 0). */
  skipped = 0;

  constructor(deps: FaultInjectorDeps) {
    this.#deps = deps;
  }

  /**
   * Queues `due` and injects the oldest waiting fault, right after `sender` typed: one per typed
   * message, so a backlog (after an outage) is spread out. Typing goes on while the server restarts
   * (outboxes fill up); a proxy fault due then waits until every client is back. A server fault waits
   * (up to {@link MAX_KILL_DEFERRAL} messages) for the proxy faults armed before it to take effect.
   */
  async inject(
    due: readonly PlannedFault[],
    sender: FleetDevice,
  ): Promise<void> {
    this.#waiting.push(...due);
    const fault = this.#waiting[0];
    if (fault === undefined) return;
    if (isServerFault(fault)) {
      const restart = this.#work.restart;
      if (restart !== null) await restart;
      const armed = this.#deps.proxy.links.some((l) => l.pendingFaults > 0);
      if (armed && this.#deferred < MAX_KILL_DEFERRAL) {
        this.#deferred += 1;
        return;
      }
      this.#deferred = 0;
    } else {
      if (this.#work.restart !== null) return;
      if (
        !(await waitFor(() => this.#targetable(fault, sender), TARGET_WAIT_MS))
      ) {
        this.skipped += 1;
        this.#waiting.shift();
        return;
      }
    }
    if (this.#tryInject(fault, sender)) this.#waiting.shift();
  }

  /**
   * After typing: the faults still waiting go in, the server is up again, and whatever the last
   * traffic (re-sends, syncs) did not set off within a few seconds is disarmed.
   */
  async finish(sender: FleetDevice): Promise<void> {
    await this.#restarted();
    for (const fault of this.#waiting.splice(0)) {
      if (
        !(await waitFor(() => this.#tryInject(fault, sender), TARGET_WAIT_MS))
      )
        this.skipped += 1;
      await this.#restarted();
    }
    const { proxy } = this.#deps;
    await waitFor(
      () => proxy.links.every((l) => l.pendingFaults === 0),
      FINAL_FIRE_WAIT_MS,
    );
    proxy.disarmAll();
  }

  async #restarted(): Promise<void> {
    for (let r = this.#work.restart; r !== null; r = this.#work.restart)
      await r;
  }

  /**
   * Every client is connected and the fault has a connection to go on. NOTE: right after an outage
   * the first client back would otherwise collect every fault that waited.
   */
  #targetable(fault: PlannedFault, sender: FleetDevice): boolean {
    return (
      this.#deps.fleet.connected() && this.#linksFor(fault, sender).length > 0
    );
  }

  #linksFor(fault: PlannedFault, sender: FleetDevice): ProxyLink[] {
    const { proxy, fleet } = this.#deps;
    const of = (devices: readonly FleetDevice[]) =>
      devices.flatMap((d) => proxy.linksOf(d.worker.deviceId));
    if (
      fault.kind === FaultKind.DROP_SENDACK ||
      fault.kind === FaultKind.DUP_SENDACK
    )
      return of([sender]);
    if (RECV_KINDS.has(fault.kind))
      return of(fleet.devices.filter((d) => d !== sender));
    return proxy.links;
  }

  #armed(fault: PlannedFault): ArmedFault {
    switch (fault.kind) {
      case FaultKind.RESET_MID_FRAME:
        return {
          kind: fault.kind,
          direction: fault.direction,
          cutAt: fault.cutAt,
        };
      case FaultKind.SLICE_BYTES:
        return {
          kind: fault.kind,
          direction: fault.direction,
          count: fault.count * 4,
        };
      case FaultKind.STALL:
        return {
          kind: fault.kind,
          ms: this.#deps.idleTimeoutMs + fault.extraMs,
        };
      case FaultKind.DROP_SENDACK:
      case FaultKind.DUP_SENDACK:
      case FaultKind.DROP_RECV:
      case FaultKind.DUP_RECV:
      case FaultKind.REORDER_RECV:
        return { kind: fault.kind, count: fault.count };
      case FaultKind.KILL:
      case FaultKind.KILL_AFTER_COMMIT:
        throw new Error("server faults are not armed on a link");
    }
  }

  #tryInject(fault: PlannedFault, sender: FleetDevice): boolean {
    if (isServerFault(fault)) {
      if (this.#work.restart !== null) return false;
      this.#work.restart = this.#killAndRestart(fault.kind).finally(() => {
        this.#work.restart = null;
      });
      return true;
    }
    if (!this.#targetable(fault, sender)) return false;
    const candidates = this.#linksFor(fault, sender);
    candidates[fault.pick % candidates.length]!.arm(this.#armed(fault));
    return true;
  }

  async #killAndRestart(kind: FaultKind): Promise<void> {
    const { server, log } = this.#deps;
    const t0 = performance.now();
    let when = "at once";
    if (kind === FaultKind.KILL) await server.kill();
    else
      when =
        (await server.killAfterNextCommit(COMMIT_WAIT_MS)) === "afterCommit"
          ? "after a commit, before its acks"
          : `idle (no commit within ${COMMIT_WAIT_MS / 1000} s)`;
    await server.restart();
    log(
      `fault: kill -9 ${when}; restarted in ${Math.round(performance.now() - t0)} ms`,
    );
  }
}
