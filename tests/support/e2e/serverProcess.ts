// Starts the real server (from source through tsx, or the compiled one) as a child process on a
// free loopback port with a fresh data directory, serving the built PWA from dist/. Used by the
// browser tests.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface ServerProcess {
  /** http://localhost:PORT — `localhost` so the page is a secure context (service worker, SharedWorker). */
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Everything the server printed so far (stdout + stderr). */
  output: () => string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => {
        resolve(port);
      });
    });
  });
}

/** How the browser tests run the server: from source through tsx. */
const FROM_SOURCE = ["node_modules/tsx/dist/cli.mjs", "server/main.ts"];

/** `args`: what node runs, e.g. `["build/server/main.mjs"]` for the compiled server. */
export async function startServerProcess(
  env: Record<string, string> = {},
  args: readonly string[] = FROM_SOURCE,
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), "fuyuan-e2e-"));
  const baseUrl = `http://localhost:${port}`;
  let out = "";
  const child: ChildProcess = spawn(process.execPath, [...args], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      resolve(code);
    }),
  );

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}:\n${out}`);
    try {
      const res = await fetch(
        `http://127.0.0.1:${port}/api/app/oapi/v1/config`,
      );
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start within 90 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    baseUrl,
    port,
    dataDir,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
