// Fresh databases for server tests. PGlite: a migrated (and seeded) template is built once,
// dumped to a tarball cached in the OS temp dir (keyed by a hash of the migrations and seed
// sources), and each test database loads that tarball in memory — about 0.5 s instead of the
// 3–4 s WASM initdb. PostgreSQL: a new database per call on TEST_DATABASE_URL, dropped on close.
import { createHash, randomBytes } from "node:crypto";
import {
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import {
  createDb,
  type Database,
  MIGRATIONS_FOLDER,
} from "../../../server/db/createDb";
import { seedDemo } from "../../../server/db/seed/seedDemo";

export type TestDatabaseKind = "pglite" | "pg";

export interface TestDatabaseOptions {
  /** Load the demo content and accounts (default true). */
  seed?: boolean;
}

export interface TestDatabase extends Database {
  kind: TestDatabaseKind;
  /** postgres:// URL of the per-test database (pg only). */
  url: string | null;
}

export const testDatabaseUrl = (): string | undefined =>
  process.env.TEST_DATABASE_URL || undefined;

/**
 * Runs `body` once per available database: always PGlite, PostgreSQL only when
 * TEST_DATABASE_URL is set (otherwise the suite is reported as skipped, saying why).
 */
export function describeEachDatabase(
  title: string,
  body: (kind: TestDatabaseKind) => void,
): void {
  describe(`${title} [pglite]`, () => {
    body("pglite");
  });
  if (testDatabaseUrl()) {
    describe(`${title} [postgres]`, () => {
      body("pg");
    });
  } else {
    describe.skip(`${title} [postgres] (skipped: TEST_DATABASE_URL not set)`, () => {
      body("pg");
    });
  }
}

export async function createTestDatabase(
  kind: TestDatabaseKind,
  { seed = true }: TestDatabaseOptions = {},
): Promise<TestDatabase> {
  return kind === "pg" ? createPgDatabase(seed) : createPgliteDatabase(seed);
}

async function createPgliteDatabase(seed: boolean): Promise<TestDatabase> {
  const template = await pgliteTemplate(seed);
  const database = await createDb({
    driver: "pglite",
    dataDir: null,
    loadDataDir: template,
  });
  // NOTE: a no-op when the template is current; it also covers a template from an older schema.
  await database.migrate();
  return { ...database, kind: "pglite", url: null };
}

const SERVER_DB_DIR = fileURLToPath(
  new URL("../../../server/db/", import.meta.url),
);

/** The cached tarball of a migrated (and optionally seeded) PGlite data directory. */
async function pgliteTemplate(seed: boolean): Promise<Blob> {
  const key = await sourcesHash();
  const dir = join(tmpdir(), "fuyuan-test-pglite");
  const file = join(dir, `${key}-${seed ? "seeded" : "empty"}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // Not cached yet: build it below.
  }
  const database = await createDb({ driver: "pglite", dataDir: null });
  try {
    await database.migrate();
    if (seed) await seedDemo(database.db);
    const dump = await database.pglite!.dumpDataDir("none");
    const bytes = Buffer.from(await dump.arrayBuffer());
    await mkdir(dir, { recursive: true });
    // NOTE: write then rename, so a parallel test file never reads a half-written template.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    await writeFile(partial, bytes);
    await rename(partial, file);
    await removeStaleTemplates(dir, key);
    return new Blob([bytes]);
  } finally {
    await database.close();
  }
}

/** Templates of older sources are 40 MB each: keep only the current key's. */
async function removeStaleTemplates(dir: string, key: string): Promise<void> {
  for (const name of await readdir(dir)) {
    if (name.endsWith(".tar") && !name.startsWith(key))
      await rm(join(dir, name), { force: true });
  }
}

let cachedHash: Promise<string> | undefined;

/** Hash of everything that shapes a template: migrations, schema and seed sources. */
function sourcesHash(): Promise<string> {
  cachedHash ??= (async () => {
    const hash = createHash("sha256");
    for (const root of [
      MIGRATIONS_FOLDER,
      join(SERVER_DB_DIR, "schema"),
      join(SERVER_DB_DIR, "seed"),
    ]) {
      for (const file of await listFiles(root)) {
        hash.update(relative(SERVER_DB_DIR, file));
        hash.update(await readFile(file));
      }
    }
    return hash.digest("hex").slice(0, 16);
  })();
  return cachedHash;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir);
  const files: string[] = [];
  for (const entry of entries.sort()) {
    const path = join(dir, entry);
    if ((await stat(path)).isDirectory())
      files.push(...(await listFiles(path)));
    else files.push(path);
  }
  return files;
}

async function createPgDatabase(seed: boolean): Promise<TestDatabase> {
  const adminUrl = testDatabaseUrl();
  if (!adminUrl)
    throw new Error(
      "TEST_DATABASE_URL is not set: cannot create a PostgreSQL test database",
    );
  const name = `fuyuan_t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let database: Database;
  try {
    database = await createDb({
      driver: "pg",
      url: url.toString(),
      maxConnections: 5,
    });
    await database.migrate();
    if (seed) await seedDemo(database.db);
  } catch (error) {
    await adminQuery(
      adminUrl,
      `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`,
    );
    throw error;
  }
  return {
    ...database,
    kind: "pg",
    url: url.toString(),
    close: async () => {
      await database.close();
      await adminQuery(
        adminUrl,
        `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`,
      );
    },
  };
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
