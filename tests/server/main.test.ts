// server/main.ts as a real process: config errors exit non-zero naming the variable; a start on
// an empty database migrates, seeds and logs "listening <url>"; SIGTERM stops it cleanly; a
// restart on the same data keeps the content without seeding again. Development prints readable
// lines and a start block, production JSON lines only.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEMO_ACCOUNTS } from "../../server/db/seed/demoAccounts";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "../support/server/testDb";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * NOTE: node with tsx as its loader, not the tsx command: that one relays a signal to a child
 * process and SIGKILLs it (exit 130) when the child has not acknowledged the signal within about
 * 60 ms, which a server busy on a loaded CI machine sometimes cannot; here the server itself gets
 * the signal its shutdown is tested with.
 */
function startMain(env: Record<string, string>): Running {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const append = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on("data", append);
  child.stderr.on("data", append);
  const exited = new Promise<number | null>((resolve) => {
    child.on("exit", (code) => {
      resolve(code);
    });
  });
  return { child, output: () => output, exited };
}

/** The first output line containing `text`, once printed. */
async function waitForLine(
  run: Running,
  text: string,
  ms = 90_000,
): Promise<string> {
  for (let waited = 0; waited < ms; waited += 100) {
    const line = run
      .output()
      .split("\n")
      .find((l) => l.includes(text));
    if (line !== undefined) return line;
    if (run.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no line with ${text}:\n${run.output()}`);
}

async function waitForListening(run: Running): Promise<string> {
  return JSON.parse(await waitForLine(run, '"msg":"listening on ')).url;
}

function isJson(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

describe("server/main.ts configuration errors", () => {
  it.each([
    [
      { PORT: "http" },
      'Configuration error: PORT: "http" is not a port number (0-65535)',
    ],
    [
      { DATABASE_URL: "mysql://a@b/c" },
      "Configuration error: DATABASE_URL: must start with postgres:// or postgresql://",
    ],
  ])(
    "exits 1 for %j with a message naming the variable",
    async (env, message) => {
      const run = startMain(env);
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain(message);
    },
  );
});

describeEachDatabase("server/main.ts lifecycle", (kind) => {
  let dir: string;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "fuyuan-main-"));
    await writeFile(
      join(dir, "index.html"),
      "<!doctype html><title>shell</title>",
    );
    // PostgreSQL: an empty (unseeded) database that main.ts must seed; PGlite: an empty DATA_DIR.
    if (kind === "pg")
      database = await createTestDatabase("pg", { seed: false });
  });
  afterAll(async () => {
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const env = () => ({
    PORT: "0",
    DATA_DIR: join(dir, "data"),
    STATIC_DIR: dir,
    LOG_LEVEL: "info",
    LOG_FORMAT: "json",
    ...(database?.url ? { DATABASE_URL: database.url } : {}),
  });

  it(
    "seeds an empty database, serves, and stops on SIGTERM",
    { timeout: 120_000 },
    async () => {
      const run = startMain(env());
      try {
        const url = await waitForListening(run);
        expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        expect(run.output()).toContain("empty database: demo content loaded");
        const home = await (
          await fetch(`${url}/api/app/oapi/v1/home?locale=en`)
        ).json();
        expect(home.data.temples.map((t: any) => t.name)).toContain(
          "Lingyin Temple",
        );
        const shell = await fetch(`${url}/en/blessing`, {
          headers: { accept: "text/html" },
        });
        expect(await shell.text()).toBe("<!doctype html><title>shell</title>");
        const config = await (
          await fetch(`${url}/api/app/oapi/v1/config`)
        ).json();
        expect(config.data.imWsUrl).toBe(`${url.replace("http:", "ws:")}/im`);
      } finally {
        run.child.kill("SIGTERM");
      }
      expect(await run.exited).toBe(0);
      expect(run.output()).toContain('"msg":"stopped"');
    },
  );

  it(
    "restarts on the same data without seeding again",
    { timeout: 120_000 },
    async () => {
      const run = startMain(env());
      try {
        const url = await waitForListening(run);
        expect(run.output()).not.toContain("demo content loaded");
        const news = await (
          await fetch(`${url}/api/app/oapi/v1/news?pageSize=1`)
        ).json();
        expect(news.data.total).toBeGreaterThanOrEqual(14);
      } finally {
        run.child.kill("SIGINT");
      }
      expect(await run.exited).toBe(0);
    },
  );
});

describe("server/main.ts output", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "fuyuan-main-output-"));
    await writeFile(join(dir, "index.html"), "<!doctype html>");
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const env = (name: string) => ({
    PORT: "0",
    DATA_DIR: join(dir, name),
    STATIC_DIR: dir,
    LOG_LEVEL: "info",
  });

  it(
    "development: readable one-line logs and one start block with the URL, outbox and demo accounts",
    { timeout: 120_000 },
    async () => {
      const run = startMain({ ...env("dev"), NODE_ENV: "development" });
      try {
        const open = await waitForLine(run, "Open the app");
        const url = /(http:\/\/127\.0\.0\.1:\d+)\/$/.exec(open)?.[1];
        expect(url).toBeDefined();
        await fetch(`${url}/api/app/oapi/v1/config`);
        await waitForLine(run, "GET /api/app/oapi/v1/config 200 ");
        const output = run.output();
        expect(output).toContain(`Dev outbox     ${url}/dev/outbox`);
        for (const account of DEMO_ACCOUNTS)
          expect(output).toMatch(
            new RegExp(`${account.phone}  ${account.email} +\\S`),
          );
        expect(output).toContain("Stop           Ctrl+C");
        expect(output.split("Open the app")).toHaveLength(2);
        const lines = output.split("\n").filter((l) => l.trim() !== "");
        expect(lines.filter(isJson)).toEqual([]);
        expect(output).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: listening on /m);
        expect(output).not.toContain("incoming request");
      } finally {
        run.child.kill("SIGTERM");
      }
      expect(await run.exited).toBe(0);
    },
  );

  it(
    "production: JSON lines only, no start block",
    { timeout: 120_000 },
    async () => {
      const run = startMain({
        ...env("prod"),
        NODE_ENV: "production",
        AUTH_SECRET: "a-production-secret-of-at-least-32-bytes",
        LOGIN_METHODS: "none",
        PAYMENTS: "off",
      });
      try {
        const url = await waitForListening(run);
        await fetch(`${url}/api/app/oapi/v1/config`);
        await waitForLine(run, '"msg":"request completed"');
      } finally {
        run.child.kill("SIGTERM");
      }
      expect(await run.exited).toBe(0);
      const lines = run
        .output()
        .split("\n")
        .filter((l) => l.trim() !== "");
      expect(lines.filter((l) => !isJson(l))).toEqual([]);
      expect(lines.map((l) => JSON.parse(l).msg)).toEqual(
        expect.arrayContaining(["incoming request", "stopped"]),
      );
      expect(run.output()).not.toContain("Open the app");
    },
  );
});
