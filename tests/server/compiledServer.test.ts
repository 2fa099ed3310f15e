// Production runs the compiled server (`npm run build:server`, then `node build/server/main.mjs`):
// built here into a directory of its own, it starts without tsx on the embedded database — whose
// worker thread then loads the compiled host — migrates and seeds it, answers the API with the
// package's version, and its admin command line runs too.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { startServerProcess } from "../support/e2e/serverProcess";

const ROOT = process.cwd();
// NOTE: inside the repository, so that the bundles' package imports resolve from its node_modules.
const OUT = join(ROOT, "build", `test-${String(process.pid)}`, "server");

afterAll(() => {
  rmSync(join(OUT, ".."), { recursive: true, force: true });
});

it("builds, starts without tsx, and serves the API on the embedded database", async () => {
  const built = spawnSync(
    process.execPath,
    ["node_modules/tsx/dist/cli.mjs", "scripts/buildServer.ts", OUT],
    { cwd: ROOT, encoding: "utf8" },
  );
  expect(built.status, built.stderr).toBe(0);
  for (const file of ["main.mjs", "pgliteWorkerHost.mjs", "adminCli.mjs"])
    expect(existsSync(join(OUT, file))).toBe(true);
  expect(readFileSync(join(OUT, "main.mjs"), "utf8")).not.toMatch(
    /from "tsx|#protocol|#contract/,
  );

  const server = await startServerProcess({}, [join(OUT, "main.mjs")]);
  try {
    const { version } = JSON.parse(readFileSync("package.json", "utf8")) as {
      version: string;
    };
    const config = await fetch(`${server.baseUrl}/api/app/oapi/v1/config`);
    expect(config.status).toBe(200);
    expect(await config.json()).toMatchObject({ data: { version } });
    const health = await fetch(`${server.baseUrl}/api/app/oapi/v1/health`);
    expect(health.status).toBe(200);
    // The seeded storefront, read from the database the worker thread opened.
    const products = await fetch(`${server.baseUrl}/api/app/oapi/v1/products`);
    expect(products.status).toBe(200);
    const { data } = (await products.json()) as {
      data: { total: number; list: { fromPriceFen: number }[] };
    };
    expect(data.total).toBeGreaterThan(0);
    expect(data.list[0]?.fromPriceFen).toBeGreaterThan(0);
  } finally {
    await server.stop();
  }

  const admin = spawnSync(process.execPath, [join(OUT, "adminCli.mjs")], {
    cwd: ROOT,
    encoding: "utf8",
  });
  expect(admin.status).toBe(2);
  expect(admin.stdout).toContain("Usage: npm run admin");
}, 180_000);
