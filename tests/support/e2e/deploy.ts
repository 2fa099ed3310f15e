// Browser-test helpers for deploys: the real server on a port and data directory the test chooses,
// so it can be stopped and started again serving another build (a "deploy" that keeps the accounts
// and messages), and building that next build with a label. Test support.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

export interface DeployedServer {
  readonly port: number;
  /** Everything the server printed so far (stdout + stderr). */
  output: () => string;
  /** Stops the server (the data directory stays for the next deploy). */
  stop: () => Promise<void>;
}

export interface DeployOptions {
  readonly port: number;
  readonly dataDir: string;
  /** The built PWA to serve. */
  readonly staticDir: string;
  /** PUBLIC_URL: the origin the browser uses (the IM URL of the runtime config points there). */
  readonly publicUrl: string;
}

/** The build the e2e run serves: STATIC_DIR when given (a helper's own build), else dist/. */
export function builtApp(): string {
  const dir = process.env.STATIC_DIR ?? join(process.cwd(), "dist");
  if (!existsSync(join(dir, "sw.js")))
    throw new Error(
      `${dir}/sw.js is missing: build first (npx vite build --outDir <dir>)`,
    );
  return dir;
}

/** Runs `node args…` in the repository; rejects with its output when it fails. */
export function runNode(
  args: readonly string[],
  env: Record<string, string>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = "";
    const child = spawn(process.execPath, args, {
      cwd: process.cwd(),
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.once("exit", (code) => {
      if (code === 0) resolve();
      else
        reject(new Error(`${args.join(" ")} exited ${String(code)}:\n${out}`));
    });
  });
}

/**
 * Builds "the next deploy" into `outDir`: the same sources with VITE_BUILD_LABEL=`label`, so every
 * hash changes and the page can tell the builds apart (`<html data-build>`).
 */
export function buildNextDeploy(outDir: string, label = "next"): Promise<void> {
  return runNode(
    [
      "node_modules/vite/bin/vite.js",
      "build",
      "--outDir",
      outDir,
      "--emptyOutDir",
    ],
    { NODE_ENV: "production", VITE_BUILD_LABEL: label },
  );
}

/** Starts the real server (tsx server/main.ts) and waits until it answers. */
export async function startDeployServer({
  port,
  dataDir,
  staticDir,
  publicUrl,
}: DeployOptions): Promise<DeployedServer> {
  let out = "";
  const child: ChildProcess = spawn(
    process.execPath,
    ["node_modules/tsx/dist/cli.mjs", "server/main.ts"],
    {
      cwd: process.cwd(),
      env: {
        ...process.env,
        NODE_ENV: "development",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        PUBLIC_URL: publicUrl,
        STATIC_DIR: staticDir,
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) =>
    child.once("exit", () => {
      resolve();
    }),
  );
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${out}`);
    try {
      const res = await fetch(
        `http://127.0.0.1:${String(port)}/api/app/oapi/v1/config`,
      );
      if (res.ok) break;
    } catch {
      // NOTE: not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start within 90 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
