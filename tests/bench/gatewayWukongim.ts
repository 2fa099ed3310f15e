// The WuKongIM side of `npm run bench:gateway -- --engine wukongim`: one real WuKongIM v2.2.5 node
// on loopback (tests/support/wukongim/wukongimNode.ts: the binary from scripts/wukongim/build.sh, cached;
// token auth on, release mode, the config our tests run) with its webhooks going to the app server
// the bench starts next on a port picked here, plus the environment that server needs
// (IM_ENGINE=wukongim pointed at the node) and the node's resident memory, read from /proc.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { freePort } from "../support/e2e/serverProcess";
import {
  WUKONGIM_SKIP_REASON,
  wukongimBinary,
} from "../support/wukongim/wukongimBinary";
import { startWukongImNode, type WukongImNode } from "../support/wukongim/wukongimNode";

export interface BenchWukongIm {
  node: WukongImNode;
  /** The app server's environment: its port (the webhook URL names it) and IM_ENGINE=wukongim. */
  serverEnv: Record<string, string>;
}

/** Starts the node; fails with the reason when there is no binary (no WUKONGIM_BIN and no Go). */
export async function startBenchWukongIm(): Promise<BenchWukongIm> {
  const binary = await wukongimBinary();
  if (binary === null) throw new Error(WUKONGIM_SKIP_REASON);
  const port = await freePort();
  const secret = randomBytes(32).toString("base64url");
  const node = await startWukongImNode({
    binary,
    webhookUrl: `http://127.0.0.1:${String(port)}/api/app/im/v1/webhook/${secret}`,
  });
  return {
    node,
    serverEnv: {
      PORT: String(port),
      HOST: "127.0.0.1",
      IM_ENGINE: "wukongim",
      WUKONGIM_API_URL: node.apiUrl,
      WUKONGIM_WS_URL: node.wsUrl,
      WUKONGIM_WEBHOOK_SECRET: secret,
    },
  };
}

/**
 * A process's resident set in bytes (VmRSS of /proc/<pid>/status), or NaN when unreadable. For
 * WuKongIM this is all a Go process lets one see from outside: no collection can be forced first.
 */
export function vmRssBytes(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(
      readFileSync(`/proc/${String(pid)}/status`, "utf8"),
    );
    return match === null ? Number.NaN : Number(match[1]) * 1024;
  } catch {
    return Number.NaN;
  }
}
