// The seeded fault schedule of a chaos run: which fault is injected after which typed message, and
// its parameters. Pure: the same seed, count and message total always give the same plan, so a
// failing run replays from its seed (timing on a busy machine still varies).
import { Prng } from "../support/protocol/prng";

/** What the proxy or the server process can be made to do (issue #9). */
export const FaultKind = {
  /** Forward part of the next message in one direction, then reset both TCP connections. */
  RESET_MID_FRAME: "resetMidFrame",
  /** The next few WebSocket messages in one direction go out one byte per message. */
  SLICE_BYTES: "sliceBytes",
  /** Hold all traffic of a connection longer than the gateway's idle (heartbeat) timeout. */
  STALL: "stall",
  DROP_SENDACK: "dropSendack",
  DUP_SENDACK: "dupSendack",
  DROP_RECV: "dropRecv",
  DUP_RECV: "dupRecv",
  /** Hold a RECV back and deliver it after the next one. */
  REORDER_RECV: "reorderRecv",
  /** kill -9 of the server right after its next commit: stored, never acknowledged. */
  KILL_AFTER_COMMIT: "killAfterCommit",
  /** kill -9 of the server at an arbitrary moment. */
  KILL: "kill",
} as const;
export type FaultKind = (typeof FaultKind)[keyof typeof FaultKind];

/** Relative frequency of each kind in a plan. */
export const DEFAULT_FAULT_WEIGHTS: Readonly<Record<FaultKind, number>> = {
  resetMidFrame: 12,
  sliceBytes: 10,
  stall: 6,
  dropSendack: 12,
  dupSendack: 10,
  dropRecv: 12,
  dupRecv: 10,
  reorderRecv: 12,
  killAfterCommit: 5,
  kill: 4,
};

export type Direction = "toServer" | "toClient";

/** One planned fault. */
export interface PlannedFault {
  /** Injected once this many messages have been typed (0-based index of the message it follows). */
  readonly afterMessage: number;
  readonly kind: FaultKind;
  /** Picks the target connection among the candidates at injection time (modulo their count). */
  readonly pick: number;
  readonly direction: Direction;
  /** Frames or messages affected (drop/dup/reorder/slice). */
  readonly count: number;
  /** Where a reset cuts the message, as a fraction of its length in (0, 1). */
  readonly cutAt: number;
  /** Extra stall beyond the idle timeout, ms. */
  readonly extraMs: number;
}

export interface FaultPlanOptions {
  readonly seed: number;
  readonly faults: number;
  readonly messages: number;
  readonly weights?: Readonly<Partial<Record<FaultKind, number>>>;
}

/** Picks a key of `weights` with probability proportional to its weight. */
export function weightedPick<K extends string>(
  random: Prng,
  weights: Readonly<Partial<Record<K, number>>>,
): K {
  const entries = Object.entries(weights) as [K, number][];
  const usable = entries.filter(([, w]) => w > 0);
  if (usable.length === 0) throw new Error("no fault kind has a weight");
  const total = usable.reduce((sum, [, w]) => sum + w, 0);
  let roll = random.next() * total;
  for (const [key, weight] of usable) {
    roll -= weight;
    if (roll < 0) return key;
  }
  return usable[usable.length - 1]![0];
}

/**
 * `faults` faults spread over the typing of `messages` messages: evenly spaced with seeded jitter,
 * never before the first message nor after the last, in message order.
 */
export function planFaults(options: FaultPlanOptions): PlannedFault[] {
  const { faults, messages } = options;
  if (!Number.isInteger(faults) || faults < 0)
    throw new Error("faults must be a non-negative integer");
  if (!Number.isInteger(messages) || messages < 1)
    throw new Error("messages must be a positive integer");
  const random = new Prng(options.seed ^ 0x5eed_fa17);
  const weights = { ...DEFAULT_FAULT_WEIGHTS, ...options.weights };
  const spacing = messages / (faults + 1);
  const plan: PlannedFault[] = [];
  for (let i = 0; i < faults; i++) {
    const centre = spacing * (i + 1);
    const jitter = (random.next() - 0.5) * spacing * 0.8;
    const afterMessage = Math.min(
      messages - 1,
      Math.max(0, Math.round(centre + jitter)),
    );
    plan.push({
      afterMessage,
      kind: weightedPick(random, weights),
      pick: random.int(0, 1_000_000),
      direction: random.bool() ? "toServer" : "toClient",
      count: random.int(1, 3),
      cutAt: 0.05 + random.next() * 0.9,
      extraMs: random.int(1_000, 4_000),
    });
  }
  return plan.sort((a, b) => a.afterMessage - b.afterMessage);
}
