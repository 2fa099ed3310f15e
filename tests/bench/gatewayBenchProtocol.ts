// IPC messages between gateway.bench.ts and its child processes (the server under test, the bare
// relay, the load generator), plus a tiny request/response helper over a child's IPC channel.
import type { ChildProcess } from "node:child_process";

export interface BenchUser {
  uid: string;
  token: string;
}

/** Requests to the server under test (gatewayBenchServer.ts). */
export type BenchRequest =
  | { id: number; type: "users"; count: number }
  | { id: number; type: "config" }
  | { id: number; type: "rss" }
  | { id: number; type: "commits" }
  | { id: number; type: "diag" }
  /** Starts (`on`) or ends the event-loop stall watch; ending answers {@link StallWatch}. */
  | { id: number; type: "stallWatch"; on: boolean }
  | { id: number; type: "stop" };

/** The longest event-loop stall of the server while the watch was on. */
export interface StallWatch {
  maxStallMs: number;
}

/** Requests to the load generator (gatewayLoad.ts). */
export type LoadRequest =
  | {
      id: number;
      type: "connect";
      url: string;
      users: BenchUser[];
      version: number;
      concurrency: number;
    }
  | { id: number; type: "run"; pairs: number; rate: number; seconds: number }
  | { id: number; type: "diag" }
  | { id: number; type: "closeAll" }
  /** Drops every connection at once, then all reconnect at once; answers {@link StormResult}. */
  | { id: number; type: "storm" }
  | { id: number; type: "exit" };

export interface StormResult {
  /** Connections before the drop. */
  dropped: number;
  /** Back with a CONNACK by the end. */
  reconnected: number;
  /** From the drop to the last CONNACK (s). */
  seconds: number;
  /** Attempts refused or failed on the way (each retried after 0.25–1 s, as clients back off). */
  failedAttempts: number;
  /** The failed attempts by cause: a close code, `CONNACK <reason>`, or the socket error's code. */
  failures: Record<string, number>;
}

export interface ConnectResult {
  connected: number;
  failed: number;
  ms: number;
}

export interface RunStats {
  rate: number;
  seconds: number;
  sent: number;
  acked: number;
  refused: number;
  received: number;
  achievedPerSecond: number;
  ackP50: number;
  ackP99: number;
  recvP50: number;
  recvP99: number;
  /** Connections (of all, not only the run's pairs) found closed at the end of the run. */
  closed: number;
  /** Wall-clock ms at which the run began (lines up the processes' diagnostics). */
  startedAt: number;
  /** BENCH_DIAG=1: p99 SEND→SENDACK (ms) of the messages sent in each second of the run. */
  ackP99BySecond?: number[];
}

let nextId = 1;

/** Sends `request` (an id is added) and resolves with the child's reply carrying that id. */
export function ask<T>(
  child: ChildProcess,
  request: Record<string, unknown>,
  timeoutMs = 600_000,
): Promise<T> {
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    const fail = (why: string) => {
      child.off("message", onMessage);
      child.off("exit", onExit);
      reject(new Error(`no answer to ${String(request.type)}: ${why}`));
    };
    const timer = setTimeout(() => {
      fail(`none within ${timeoutMs} ms`);
    }, timeoutMs);
    // NOTE: a reply sent just before exiting may be read after the exit event: wait a little.
    const onExit = (code: number | null) => {
      setTimeout(() => {
        clearTimeout(timer);
        fail(`the child exited with ${String(code)}`);
      }, 500);
    };
    const onMessage = (message: unknown) => {
      if ((message as { id?: number }).id !== id) return;
      clearTimeout(timer);
      child.off("message", onMessage);
      child.off("exit", onExit);
      resolve(message as T);
    };
    child.on("message", onMessage);
    child.once("exit", onExit);
    child.send({ ...request, id });
  });
}

/** Waits for the first IPC message with id 0 (the child's "ready" announcement). */
export function ready<T>(child: ChildProcess, timeoutMs = 120_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error("child did not start in time"));
    }, timeoutMs);
    const onMessage = (message: unknown) => {
      if ((message as { id?: number }).id !== 0) return;
      clearTimeout(timer);
      child.off("message", onMessage);
      resolve(message as T);
    };
    child.on("message", onMessage);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(
        new Error(`child exited with ${String(code)} before it was ready`),
      );
    });
  });
}
