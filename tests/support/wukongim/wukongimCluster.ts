// A three-node WuKongIM v2.2.5 Raft cluster on loopback for a test (upstream
// exampleconfig/cluster{1,2,3}.yaml): each node its own ports, lowercase instance directory, HOME
// and plugin socket; `cluster.initNodes` lists all three (`1@127.0.0.1:P1` …), 64 slots and every
// slot and channel on all three replicas. Built from the single-node pieces (wukongimConfig.ts,
// wukongimProcess.ts, wukongimNode.ts's pickPorts and waitReady).
// Ready means every node is writable: GET /health answers 500 "no slots" until the node knows the
// slot leaders, and writes right after that still hang; so each node in turn must answer /health
// and take a token write for one uid in each of the 64 slots (waitReady). A node's API forwards a
// write to the slot's leader, so this proves every slot has a leader that every node can reach.
// Now and then a fresh cluster keeps a slot without a leader (its writes time out for a minute
// and more; seen once in CI): a node healthy for SLOTS_WRITABLE_MS whose slots still refuse
// writes fails the start with WukongImSlotsStuck, and the whole cluster is started again, fresh,
// up to three times (retryWhileSlotsStuck, as for one node).
// Resolve the binary first (wukongimBinary.ts) so a machine without Go skips instead of failing.
import { crc32 } from "node:zlib";
import { WukongImApi } from "../../../server/im/wukongim/WukongImApi";
import { nodeConfig, type NodePorts } from "./wukongimConfig";
import {
  pickPorts,
  retryWhileSlotsStuck,
  startFailure,
  waitReady,
} from "./wukongimNode";
import {
  lowercaseTempDir,
  removeInstanceDir,
  startWukongImProcess,
  type WukongImProcess,
} from "./wukongimProcess";

export interface WukongImClusterOptions {
  /** From wukongimBinary(). */
  binary: string;
  /** `webhook.httpAddr` of every node. */
  webhookUrl?: string;
  /** More config by top-level key for every node (see wukongimConfig.ts). */
  extra?: Record<string, unknown>;
  /** How long to wait until all nodes are ready; default 60 s. */
  startTimeoutMs?: number;
}

export interface WukongImClusterNode {
  /** 1, 2 or 3. */
  nodeId: number;
  /** http://127.0.0.1:PORT, this node's HTTP API. */
  apiUrl: string;
  /** ws://127.0.0.1:PORT, this node's WebSocket client port. */
  wsUrl: string;
  ports: NodePorts;
  /** A client for this node's API. */
  api: WukongImApi;
  pid: number;
  isRunning(): boolean;
  /** The tail of the node's output, for failure messages. */
  output(): string;
  /** SIGKILL (a crash); resolves once the process has exited. stop() still cleans up. */
  kill9(): Promise<void>;
  /** Stops the process (SIGTERM, then SIGKILL) and removes its directory. Idempotent. */
  stop(): Promise<void>;
}

export interface WukongImCluster {
  nodes: WukongImClusterNode[];
  /** ms from spawning the nodes until all were ready. */
  startedInMs: number;
  /** Stops every node (SIGTERM, then SIGKILL) and removes their directories. Idempotent. */
  stop(): Promise<void>;
}

const NODE_COUNT = 3;
/** After a node's /health, how long every slot has to take a write; normal is a few seconds. */
const SLOTS_WRITABLE_MS = 15_000;

/** WuKongIM's channel id of the personal chat between two uids (GetFakeChannelIDWith). */
export function personalChannelId(uid: string, peer: string): string {
  return crc32(uid) > crc32(peer) ? `${uid}@${peer}` : `${peer}@${uid}`;
}

/**
 * The node id leading a channel's replicas, or null while no live node knows (only the channel's
 * slot leader answers `/cluster/channels/:id/:type/config`; a personal chat's id is
 * personalChannelId's).
 */
export async function channelLeader(
  nodes: readonly WukongImClusterNode[],
  channelId: string,
  channelType: number,
): Promise<number | null> {
  for (const node of nodes) {
    try {
      const response = await fetch(
        `${node.apiUrl}/cluster/channels/${encodeURIComponent(channelId)}/${String(channelType)}/config`,
        { signal: AbortSignal.timeout(2_000) },
      );
      if (!response.ok) continue;
      // NOTE: v2.2.5 spells the field "learder_id".
      const config = (await response.json()) as { learder_id?: number };
      if (typeof config.learder_id === "number" && config.learder_id > 0)
        return config.learder_id;
    } catch {
      // a node that does not answer: ask the next one
    }
  }
  return null;
}

async function startOnce(
  options: WukongImClusterOptions,
): Promise<WukongImCluster> {
  const ports: NodePorts[] = [];
  const used = new Set<number>();
  while (ports.length < NODE_COUNT) {
    const picked = await pickPorts();
    const all = [picked.tcp, picked.api, picked.ws, picked.cluster];
    if (all.some((port) => used.has(port))) continue;
    for (const port of all) used.add(port);
    ports.push(picked);
  }
  const initNodes = ports.map(
    (p, i) => `${String(i + 1)}@127.0.0.1:${String(p.cluster)}`,
  );
  const dirs: string[] = [];
  const processes: WukongImProcess[] = [];
  const began = Date.now();
  try {
    for (const [i, nodePorts] of ports.entries()) {
      const dir = await lowercaseTempDir(`fuyuan-wkc${String(i + 1)}`);
      dirs.push(dir);
      const extra = options.extra ?? {};
      const clusterExtra = extra.cluster;
      processes.push(
        await startWukongImProcess(
          options.binary,
          dir,
          nodeConfig({
            ports: nodePorts,
            rootDir: `${dir}/data`,
            pluginSocketPath: `${dir}/wk.sock`,
            nodeId: i + 1,
            ...(options.webhookUrl === undefined
              ? {}
              : { webhookUrl: options.webhookUrl }),
            extra: {
              ...extra,
              cluster: {
                initNodes,
                slotCount: 64,
                slotReplicaCount: 3,
                channelReplicaCount: 3,
                ...(typeof clusterExtra === "object" ? clusterExtra : {}),
              },
            },
          }),
        ),
      );
    }
    const timeoutMs = options.startTimeoutMs ?? 60_000;
    await Promise.all(
      processes.map((child, i) =>
        waitReady(
          `http://127.0.0.1:${String(ports[i]?.api)}`,
          child,
          timeoutMs,
          SLOTS_WRITABLE_MS,
        ).catch((error: unknown) => {
          throw startFailure(
            error,
            (message) => `node ${String(i + 1)}: ${message}`,
          );
        }),
      ),
    );
  } catch (error) {
    const outputs = processes
      .map(
        (child, i) =>
          `--- WuKongIM node ${String(i + 1)} output (tail) ---\n${child.output().slice(-3000)}`,
      )
      .join("\n");
    await Promise.allSettled(processes.map((child) => child.kill9()));
    await Promise.allSettled(dirs.map((dir) => removeInstanceDir(dir)));
    throw startFailure(error, (message) => `${message}\n${outputs}`);
  }
  const startedInMs = Date.now() - began;
  const nodes = processes.map((child, i): WukongImClusterNode => {
    const nodePorts = ports[i] as NodePorts;
    const dir = dirs[i] as string;
    const apiUrl = `http://127.0.0.1:${String(nodePorts.api)}`;
    return {
      nodeId: i + 1,
      apiUrl,
      wsUrl: `ws://127.0.0.1:${String(nodePorts.ws)}`,
      ports: nodePorts,
      api: new WukongImApi({ baseUrl: apiUrl }),
      pid: child.pid,
      isRunning: () => child.isRunning(),
      output: () => child.output(),
      kill9: () => child.kill9(),
      stop: async () => {
        await child.stop();
        await removeInstanceDir(dir);
      },
    };
  });
  return {
    nodes,
    startedInMs,
    stop: async () => {
      // Every node is stopped and its directory removed even when one of them fails.
      const results = await Promise.allSettled(
        nodes.map((node) => node.stop()),
      );
      const failed = results.find((result) => result.status === "rejected");
      if (failed !== undefined) throw failed.reason;
    },
  };
}

/**
 * Starts three nodes and waits until every one takes writes in every slot (a fresh cluster again
 * when a slot got stuck).
 * @example
 *   const cluster = await startWukongImCluster({ binary });
 *   afterAll(() => cluster.stop());
 */
export function startWukongImCluster(
  options: WukongImClusterOptions,
): Promise<WukongImCluster> {
  return retryWhileSlotsStuck("cluster", () => startOnce(options));
}
