// One real WuKongIM v2.2.5 node on loopback for a test: free ports (several suites run at once),
// a fresh lowercase instance directory and HOME, token auth on, an optional webhook URL; stopped by
// `stop()` in the suite's teardown. A port taken between picking and binding (another suite won the
// race) is retried with new ports.
// Ready means writable, which comes after healthy: `GET /health` answers 500 "no slots" for the
// first few hundred ms, then ok; but a write sent in the next ~100 ms (measured: all 16 of 16 at
// +4 ms) is forwarded to slot leader "0" and fails after 5 s with HTTP 400 "context deadline
// exceeded". So after /health the helper registers a probe token in each of the 64 slots (uids
// picked by WuKongIM's slot hash, crc32 % 64) until all of them succeed.
// Normally all 64 take a write about 1.4 s after start. Once in CI (load, end of the unit run) a
// fresh single node came up healthy with 8 slots that never applied a write for 30 s (WuKongIM logs
// "propose batch until applied timeout" for each); a new process in a new directory does not
// inherit that, so a node whose slots stay unwritable 10 s after /health is started again.
// Resolve the binary first (wukongimBinary.ts) so a machine without Go skips instead of failing.
// A 3-node cluster helper (upstream exampleconfig/cluster{1,2,3}.yaml) reuses the pieces: ports per
// node (pickPorts), nodeConfig with a node id and `cluster.initNodes` in `extra`,
// startWukongImProcess per node, and waitReady.
import { crc32 } from "node:zlib";
import { WukongImApi } from "../../../server/im/wukongim/WukongImApi";
import { freePort } from "../e2e/serverProcess";
import { nodeConfig, type NodePorts } from "./wukongimConfig";
import {
  lowercaseTempDir,
  removeInstanceDir,
  startWukongImProcess,
  type WukongImProcess,
} from "./wukongimProcess";

export interface WukongImNodeOptions {
  /** From wukongimBinary(). */
  binary: string;
  /** `webhook.httpAddr`: WuKongIM POSTs `<url>?event=msg.notify|msg.offline|user.onlinestatus`. */
  webhookUrl?: string;
  /** More config by top-level key (see wukongimConfig.ts), e.g. `{ webhook: { … } }`. */
  extra?: Record<string, unknown>;
  /** How long to wait until the node is ready; default 30 s. */
  startTimeoutMs?: number;
}

/** A healthy node whose slots did not all take a write in time (see the header). */
export class WukongImSlotsStuck extends Error {}

/** A failed start's error with `more` said; still WukongImSlotsStuck when `error` was (retried). */
export function startFailure(
  error: unknown,
  more: (message: string) => string,
): Error {
  const Failure =
    error instanceof WukongImSlotsStuck ? WukongImSlotsStuck : Error;
  return new Failure(
    more(error instanceof Error ? error.message : String(error)),
    {
      cause: error,
    },
  );
}

export interface WukongImNode {
  /** http://127.0.0.1:PORT, the HTTP API. */
  apiUrl: string;
  /** ws://127.0.0.1:PORT, the WebSocket client port (no path). */
  wsUrl: string;
  /** 127.0.0.1:PORT, the TCP client port. */
  tcpAddr: string;
  ports: NodePorts;
  /** A client for this node's API. */
  api: WukongImApi;
  pid: number;
  /** The tail of the node's output, for failure messages. */
  output(): string;
  /** Stops the process (SIGTERM, then SIGKILL) and removes its directory. Idempotent. */
  stop(): Promise<void>;
  /** Kills the process with SIGKILL and waits for it; stop() still cleans up. */
  kill9(): Promise<void>;
}

const PORT_ATTEMPTS = 3;
/** Starts of a single node whose slots got stuck, before giving up. */
const STUCK_ATTEMPTS = 3;
/** After /health, how long every slot has to take a write; normal is well under 1 s. */
const SLOTS_WRITABLE_MS = 10_000;

/** Four distinct free loopback ports (a cluster helper picks one set per node). */
export async function pickPorts(): Promise<NodePorts> {
  for (;;) {
    const [tcp, api, ws, cluster] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    if (new Set([tcp, api, ws, cluster]).size === 4)
      return { tcp, api, ws, cluster };
  }
}

/** WuKongIM's default `cluster.slotCount`. */
const SLOT_COUNT = 64;

/** One uid per slot (WuKongIM's GetSlotNum: crc32(uid) % slotCount). */
export function probeUids(slotCount = SLOT_COUNT): string[] {
  const bySlot = new Map<number, string>();
  for (let i = 0; bySlot.size < slotCount; i += 1) {
    const uid = `fuyuan-probe-${String(i)}`;
    const slot = crc32(uid) % slotCount;
    if (!bySlot.has(slot)) bySlot.set(slot, uid);
  }
  return [...bySlot.values()];
}

/**
 * Polls /health, then slot writes, until every slot takes one; fails early if the process exits,
 * and with WukongImSlotsStuck when `slotsWritableMs` after /health some slot still refuses.
 */
export async function waitReady(
  apiUrl: string,
  node: WukongImProcess,
  timeoutMs: number,
  slotsWritableMs = Infinity,
): Promise<void> {
  // A write to a slot without a leader hangs for 5 s server-side: give up on it after 1 s.
  const api = new WukongImApi({ baseUrl: apiUrl, timeoutMs: 1_000 });
  const deadline = Date.now() + timeoutMs;
  const uids = probeUids();
  let healthySince: number | undefined;
  let last: unknown;
  while (Date.now() < deadline) {
    if (!node.isRunning())
      throw new Error(
        `WuKongIM exited with ${String(await node.exited)} before it was ready`,
      );
    if (
      healthySince !== undefined &&
      Date.now() - healthySince > slotsWritableMs
    )
      throw new WukongImSlotsStuck(
        `WuKongIM was healthy but not writable in every slot within ${String(slotsWritableMs)} ms (last: ${String(last)})`,
      );
    try {
      if (healthySince === undefined) {
        await api.health();
        healthySince = Date.now();
      }
      await Promise.all(
        uids.map((uid) =>
          api.updateToken({
            uid,
            token: "probe",
            device_flag: 1,
            device_level: 0,
          }),
        ),
      );
      return;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(
    `WuKongIM was not ready within ${String(timeoutMs)} ms (last: ${String(last)})`,
  );
}

async function startOnce(options: WukongImNodeOptions): Promise<WukongImNode> {
  const ports = await pickPorts();
  const dir = await lowercaseTempDir("fuyuan-wukongim");
  const apiUrl = `http://127.0.0.1:${String(ports.api)}`;
  let child: WukongImProcess | undefined;
  try {
    child = await startWukongImProcess(
      options.binary,
      dir,
      nodeConfig({
        ports,
        rootDir: `${dir}/data`,
        pluginSocketPath: `${dir}/wk.sock`,
        ...(options.webhookUrl === undefined
          ? {}
          : { webhookUrl: options.webhookUrl }),
        ...(options.extra === undefined ? {} : { extra: options.extra }),
      }),
    );
    await waitReady(
      apiUrl,
      child,
      options.startTimeoutMs ?? 30_000,
      SLOTS_WRITABLE_MS,
    );
  } catch (error) {
    const output = child?.output() ?? "";
    await child?.kill9();
    await removeInstanceDir(dir);
    throw startFailure(
      error,
      (message) =>
        `${message}\n--- WuKongIM output (tail) ---\n${output.slice(-4000)}`,
    );
  }
  const started = child;
  return {
    apiUrl,
    wsUrl: `ws://127.0.0.1:${String(ports.ws)}`,
    tcpAddr: `127.0.0.1:${String(ports.tcp)}`,
    ports,
    api: new WukongImApi({ baseUrl: apiUrl }),
    pid: started.pid,
    output: () => started.output(),
    stop: async () => {
      await started.stop();
      await removeInstanceDir(dir);
    },
    kill9: () => started.kill9(),
  };
}

/**
 * Runs `start` again (up to 3 attempts) while it fails because a port picked for it was taken
 * before the node bound it (another suite won the race); the cluster helper shares it.
 */
export async function retryWhilePortTaken<T>(
  start: () => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await start();
    } catch (error) {
      const portTaken = String(
        error instanceof Error ? error.message : error,
      ).includes("address already in use");
      if (!portTaken || attempt >= PORT_ATTEMPTS) throw error;
    }
  }
}

/**
 * Starts a node and waits until it is healthy.
 * @example
 *   const node = await startWukongImNode({ binary });
 *   afterAll(() => node.stop());
 */
export function startWukongImNode(
  options: WukongImNodeOptions,
): Promise<WukongImNode> {
  return retryWhileSlotsStuck("node", () => startOnce(options));
}

/**
 * Runs `start` (a node's or a cluster's), again on a port already taken, and anew from scratch
 * while what it started got a slot stuck (WukongImSlotsStuck), up to STUCK_ATTEMPTS times.
 */
export async function retryWhileSlotsStuck<T>(
  what: string,
  start: () => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await retryWhilePortTaken(start);
    } catch (error) {
      if (!(error instanceof WukongImSlotsStuck) || attempt >= STUCK_ATTEMPTS)
        throw error;
      process.stderr.write(
        `${error.message.split("\n")[0] ?? ""}; starting a new ${what}\n`,
      );
    }
  }
}
