// The server of a chaos run as a child process that can be killed with SIGKILL and restarted on the
// same port and the same data: PostgreSQL when TEST_DATABASE_URL is set (a fresh database on it),
// else PGlite in a temporary DATA_DIR (which survives a kill of the process, not of the machine).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createDb } from "../../server/db/createDb";
import { freePort } from "../support/e2e/serverProcess";
import { createTestDatabase, testDatabaseUrl } from "../support/server/testDb";

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const ENTRY = "tests/chaos/chaosServerProcess.ts";
const START_TIMEOUT_MS = 120_000;
const OUTPUT_KEEP = 20_000;

export interface ChaosServerOptions {
  /** The gateway's idle timeout (its heartbeat deadline), scaled down for the run. */
  readonly idleTimeoutMs: number;
  /** Delays before an un-acked RECV is sent again. */
  readonly recvRetryDelaysMs: readonly number[];
}

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Where the data lives and how to drop it afterwards. */
interface Storage {
  readonly kind: "postgres" | "pglite-on-disk";
  readonly env: Record<string, string>;
  drop(): Promise<void>;
}

async function openStorage(): Promise<Storage> {
  if (testDatabaseUrl() !== undefined) {
    const database = await createTestDatabase("pg", { seed: false });
    return {
      kind: "postgres",
      env: { DATABASE_URL: database.url! },
      drop: () => database.close(),
    };
  }
  const dir = await mkdtemp(join(tmpdir(), "fuyuan-chaos-"));
  // NOTE: start from the tests' cached migrated template (a fresh initdb costs 3–20 s here).
  const template = await createTestDatabase("pglite", { seed: false });
  const dump = await template.pglite!.dumpDataDir("none");
  await template.close();
  const onDisk = await createDb({
    driver: "pglite",
    dataDir: join(dir, "pglite"),
    loadDataDir: dump,
  });
  await onDisk.close();
  return {
    kind: "pglite-on-disk",
    env: { DATA_DIR: dir },
    drop: () => rm(dir, { recursive: true, force: true }),
  };
}

export class ChaosServer {
  readonly port: number;
  readonly storage: Storage["kind"];
  readonly #storage: Storage;
  readonly #options: ChaosServerOptions;
  #child: ChildProcess | null = null;
  #exited: Promise<Exit> = Promise.resolve({ code: 0, signal: null });
  #output = "";
  /** SIGKILLs so far. */
  kills = 0;

  private constructor(
    port: number,
    storage: Storage,
    options: ChaosServerOptions,
  ) {
    this.port = port;
    this.#storage = storage;
    this.storage = storage.kind;
    this.#options = options;
  }

  static async start(options: ChaosServerOptions): Promise<ChaosServer> {
    const storage = await openStorage();
    const server = new ChaosServer(await freePort(), storage, options);
    try {
      await server.#spawn();
    } catch (error) {
      await storage.drop();
      throw error;
    }
    return server;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get imUrl(): string {
    return `ws://127.0.0.1:${this.port}/im`;
  }

  get running(): boolean {
    return (
      this.#child !== null &&
      this.#child.exitCode === null &&
      this.#child.signalCode === null
    );
  }

  /** The last lines the servers printed, across restarts (for failure reports). */
  get output(): string {
    return this.#output;
  }

  async #spawn(): Promise<void> {
    const child = spawn(
      process.execPath,
      // NOTE: tsx as a loader of this very process: its CLI would fork a grandchild that a SIGKILL
      // of the child would orphan.
      ["--import", "tsx", ENTRY],
      {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          NODE_ENV: "test",
          LOG_LEVEL: process.env.CHAOS_LOG_LEVEL ?? "error",
          HOST: "127.0.0.1",
          PORT: String(this.port),
          TRUST_PROXY: "on",
          ORDER_SWEEP_SECONDS: "0",
          CHAOS_IDLE_TIMEOUT_MS: String(this.#options.idleTimeoutMs),
          CHAOS_RECV_RETRY_MS: this.#options.recvRetryDelaysMs.join(","),
          ...this.#storage.env,
        },
        stdio: ["ignore", "pipe", "pipe", "ipc"],
      },
    );
    this.#child = child;
    this.#exited = new Promise((resolve) =>
      child.once("exit", (code, signal) => {
        resolve({ code, signal });
      }),
    );
    const exited = this.#exited;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`the server did not start:\n${this.#output}`));
      }, START_TIMEOUT_MS);
      /** What this process printed until it listens. */
      let fresh: string | null = "";
      const onData = (data: Buffer) => {
        this.#output = (this.#output + data.toString()).slice(-OUTPUT_KEEP);
        if (fresh === null) return;
        fresh += data.toString();
        if (fresh.includes(`LISTENING ${this.port}`)) {
          fresh = null;
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on("data", onData);
      child.stderr?.on("data", onData);
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`the server exited while starting:\n${this.#output}`));
      });
    });
  }

  /** kill -9 now; resolves once the process is gone. */
  async kill(): Promise<void> {
    if (!this.running) return;
    this.#child?.kill("SIGKILL");
    await this.#exited;
    this.kills += 1;
  }

  /**
   * kill -9 right after the next commit (stored, not acknowledged). If nothing commits within
   * `waitMs`, the process is killed anyway; the answer says which happened.
   */
  async killAfterNextCommit(waitMs: number): Promise<"afterCommit" | "idle"> {
    const child = this.#child;
    if (child === null || !this.running) return "idle";
    child.send("crashAfterCommit");
    const timeout = new Promise<"idle">((resolve) =>
      setTimeout(() => {
        resolve("idle");
      }, waitMs).unref(),
    );
    const outcome = await Promise.race([
      this.#exited.then(() => "afterCommit" as const),
      timeout,
    ]);
    if (outcome === "idle") child.kill("SIGKILL");
    await this.#exited;
    this.kills += 1;
    return outcome;
  }

  /** Starts a new process on the same port and data. */
  async restart(): Promise<void> {
    if (this.running) throw new Error("the server is still running");
    await this.#spawn();
  }

  /** Graceful stop (SIGTERM), then the data is dropped. */
  async close(): Promise<void> {
    if (this.running) {
      this.#child?.kill("SIGTERM");
      const timer = setTimeout(() => this.#child?.kill("SIGKILL"), 15_000);
      await this.#exited;
      clearTimeout(timer);
    }
    await this.#storage.drop();
  }
}
