// One WuKongIM process for a test: a lowercase instance directory with its own HOME, the config
// file, the child with a clean environment, its output kept for error messages, and a stop that
// always ends it. Shared by the single-node helper (wukongimNode.ts) and a later cluster helper.
// Why lowercase paths and a private HOME: WuKongIM lowercases the path of its plugin unix socket
// (default `$HOME/.wukong/run/wukongim.sock`), so a path with capitals makes it panic at start with
// `bind: no such file or directory` (os.tmpdir() on macOS, mkdtemp's random suffix), and two nodes
// sharing a HOME would fight over one socket.
// Why a watchdog: if the test process dies without its teardown (killed, crashed), a `sh` reading
// a pipe from it sees EOF and kill -9s the node, so no WuKongIM outlives its test.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import type { Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { configYaml } from "./wukongimConfig";

/** The output kept per process for error messages (the tail). */
const OUTPUT_LIMIT = 64 * 1024;
const STOP_GRACE_MS = 10_000;

/** Processes still running, killed if this test process exits without stopping them. */
const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const child of running) child.kill("SIGKILL");
  });
}

/**
 * A new, empty directory whose whole path is lowercase: under os.tmpdir() when that is lowercase,
 * else under /tmp.
 */
export async function lowercaseTempDir(prefix: string): Promise<string> {
  const base = tmpdir() === tmpdir().toLowerCase() ? tmpdir() : "/tmp";
  const dir = join(
    base,
    `${prefix.toLowerCase()}-${randomBytes(6).toString("hex")}`,
  );
  await mkdir(dir, { recursive: false, mode: 0o700 });
  return dir;
}

export interface WukongImProcess {
  pid: number;
  /** The instance directory (config, HOME, data). */
  dir: string;
  /** The tail of what the process printed (stdout + stderr). */
  output(): string;
  /** Resolves when the process has exited: its exit code, or the signal's name. */
  exited: Promise<number | string>;
  isRunning(): boolean;
  /** SIGTERM, SIGKILL after 10 s; resolves once it has exited. Idempotent. */
  stop(): Promise<void>;
  /** SIGKILL (a crash); resolves once it has exited. */
  kill9(): Promise<void>;
}

/** Writes `config` to `<dir>/wukongim.yaml` and starts `binary` on it with HOME=`<dir>/home`. */
export async function startWukongImProcess(
  binary: string,
  dir: string,
  config: Record<string, unknown>,
): Promise<WukongImProcess> {
  const home = join(dir, "home");
  await mkdir(home, { recursive: true });
  const configPath = join(dir, "wukongim.yaml");
  await writeFile(configPath, configYaml(config));

  installExitHook();
  // NOTE: a clean environment: WuKongIM reads every WK_* variable as config (viper AutomaticEnv).
  const child = spawn(binary, ["--config", configPath], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home },
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (child.pid === undefined) {
    const error = await new Promise<Error>((resolve) =>
      child.once("error", resolve),
    );
    throw new Error(`WuKongIM ${binary} did not start: ${error.message}`);
  }
  const pid = child.pid;
  running.add(child);

  const watchdog = spawn(
    "sh",
    [
      "-c",
      'read -r _; kill -9 "$1" 2>/dev/null',
      "wukongim-watchdog",
      String(pid),
    ],
    { stdio: ["pipe", "ignore", "ignore"] },
  );
  watchdog.unref();
  (watchdog.stdin as Socket | null)?.unref();

  let output = "";
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);

  const exited = new Promise<number | string>((resolve) => {
    child.once("exit", (code, signal) => {
      running.delete(child);
      // The node is gone: its pid may be reused, so the watchdog must not outlive it.
      watchdog.kill("SIGKILL");
      resolve(code ?? signal ?? "unknown");
    });
  });

  const isRunning = (): boolean =>
    child.exitCode === null && child.signalCode === null;

  return {
    pid,
    dir,
    output: () => output,
    exited,
    isRunning,
    stop: async () => {
      if (isRunning()) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
        await exited;
        clearTimeout(timer);
      }
      await exited;
    },
    kill9: async () => {
      if (isRunning()) child.kill("SIGKILL");
      await exited;
    },
  };
}

/** Removes an instance directory (after its process has exited). */
export async function removeInstanceDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}
