// No server secret reaches the client bundle, checked over the built files (STATIC_DIR, default
// dist/; `npm test` builds before the e2e project): no value of a secret server variable set in
// this environment (server/config/appConfig.ts ENV_VARS: secrets, keys, passwords, URLs with credentials),
// not even their names, no PEM key material, and no server module in the source maps. The client
// gets its public settings (app ids, URLs) at run time from oapi/v1/config, never at build time;
// the build exposes only VITE_-prefixed variables and defines nothing secret.
import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { resolveConfig } from "vite";
import { ENV_VARS } from "../../server/config/appConfig";

const STATIC_DIR = resolve(process.env.STATIC_DIR ?? "dist");
/** Variables whose values are secret (names containing these words), and URLs that may hold a password. */
const SECRET_NAME = /SECRET|PASS|PRIVATE|_KEY$/;
const CREDENTIAL_URLS = ["DATABASE_URL", "SMTP_URL"];
/** Text files of a Vite + PWA build (images and fonts are not scanned). */
const TEXT_FILE = /\.(js|mjs|css|html|json|webmanifest|map|svg|txt|xml)$/;
const PEM = ["-----BEGIN", "PRIVATE KEY-----"];

const secretNames = ENV_VARS.map((v) => v.name).filter(
  (name) =>
    (SECRET_NAME.test(name) && !name.includes("PUBLIC")) ||
    CREDENTIAL_URLS.includes(name),
);

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir)) {
    const path = join(dir, entry);
    if ((await stat(path)).isDirectory()) out.push(...(await listFiles(path)));
    else out.push(path);
  }
  return out;
}

let files: { path: string; text: string }[] = [];

beforeAll(async () => {
  const shell = await stat(join(STATIC_DIR, "index.html")).catch(() => null);
  if (shell === null)
    throw new Error(
      `no built app in ${STATIC_DIR}: run \`npm run build\` (or set STATIC_DIR) before the e2e tests`,
    );
  files = await Promise.all(
    (await listFiles(STATIC_DIR))
      .filter((path) => TEXT_FILE.test(path))
      .map(async (path) => ({ path, text: await readFile(path, "utf8") })),
  );
});

function foundIn(needle: string): string[] {
  return files
    .filter((file) => file.text.includes(needle))
    .map((file) => relative(STATIC_DIR, file.path));
}

describe("client bundle secrets", () => {
  it("knows which variables are secret", () => {
    expect(secretNames).toEqual(
      expect.arrayContaining([
        "AUTH_SECRET",
        "SMTP_PASS",
        "WECHAT_OPEN_APP_SECRET",
        "WECHAT_MP_APP_SECRET",
        "WECHAT_PAY_PRIVATE_KEY",
        "WECHAT_PAY_API_V3_KEY",
        "DATABASE_URL",
      ]),
    );
    expect(secretNames).not.toContain("WECHAT_PAY_PLATFORM_PUBLIC_KEY");
    expect(secretNames).not.toContain("WECHAT_OPEN_APP_ID");
    expect(files.some((file) => file.path.endsWith(".js"))).toBe(true);
  });

  it("holds no secret variable's value or name", () => {
    const leaks: string[] = [];
    for (const name of secretNames) {
      for (const where of foundIn(name))
        leaks.push(`${name} (name) in ${where}`);
      const value = process.env[name];
      if (value !== undefined && value.length >= 8)
        for (const where of foundIn(value))
          leaks.push(`${name} (value) in ${where}`);
    }
    expect(leaks).toEqual([]);
  });

  it("holds no PEM key material", () => {
    expect(PEM.flatMap((marker) => foundIn(marker))).toEqual([]);
  });

  it("bundles no server or test module (by the source maps)", () => {
    const maps = files.filter((file) => file.path.endsWith(".map"));
    expect(maps.length).toBeGreaterThan(0);
    const sources = maps.flatMap(
      (map) => (JSON.parse(map.text) as { sources?: string[] }).sources ?? [],
    );
    expect(sources.some((s) => /(^|\/)src\//.test(s))).toBe(true);
    expect(sources.filter((s) => /(^|\/)(server|tests)\//.test(s))).toEqual([]);
  });

  it("builds with only VITE_-prefixed variables exposed and nothing secret defined", async () => {
    const config = await resolveConfig({}, "build", "production");
    // NOTE: unset means Vite's default, VITE_ (only those reach import.meta.env).
    expect(config.envPrefix ?? "VITE_").toBe("VITE_");
    for (const name of secretNames)
      expect(name.startsWith("VITE_")).toBe(false);
    const defined = JSON.stringify(config.define ?? {});
    for (const name of secretNames) expect(defined).not.toContain(name);
  }, 60_000);
});
