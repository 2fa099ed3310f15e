// Catalog parts stay out of the entry: the cn app catalog is bundled into the first page's JS, a
// part (package.json's lingui catalogs besides `messages`: temple, fate, orders, …) is loaded by
// the routes that show its folder. A plain scan of static `import … from` / `export … from` (not
// `import()`) from src/main.tsx, where a route file's component imports count as lazy (TanStack's
// autoCodeSplitting; the root route is not split), must reach no module of a part folder that
// uses a Lingui macro; and every route file whose imports reach such a module loads its part.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = process.cwd();
const ROUTES = join(ROOT, "src/routes");

interface LinguiCatalog {
  path: string;
  include: string[];
}
const catalogs = (
  JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
    lingui: { catalogs: LinguiCatalog[] };
  }
).lingui.catalogs;
/** Each part's name (its catalog's file name) and its source folders. */
const PARTS = catalogs
  .map((catalog) => ({
    name: catalog.path.split("/").pop() ?? "",
    folders: catalog.include.map((glob) =>
      join(ROOT, glob.replace("<rootDir>/", "").replace(/\/\*\*$/, "")),
    ),
  }))
  .filter((part) => part.name !== "messages");

const STATIC_IMPORT =
  /^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']/gm;
const SPLIT_PROPERTY =
  /\b(?:component|errorComponent|pendingComponent|notFoundComponent)\s*:\s*([A-Za-z_$][\w$]*)/g;
const MACRO = /from\s*["']@lingui\/(?:core|react)\/macro["']/;

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const base = resolve(dirname(from), specifier);
  return [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, "index.ts"),
    join(base, "index.tsx"),
  ].find((file) => existsSync(file) && statSync(file).isFile());
}

const isSplitRoute = (file: string) =>
  file.startsWith(`${ROUTES}/`) && !file.endsWith("__root.tsx");

/** The files `file` imports statically (a split route's component imports left out when `lazy`). */
function staticImports(file: string, lazy: boolean): string[] {
  if (!/\.tsx?$/.test(file)) return [];
  const source = readFileSync(file, "utf8");
  const split = new Set(
    lazy && isSplitRoute(file)
      ? [...source.matchAll(SPLIT_PROPERTY)].map((match) => match[1])
      : [],
  );
  const found: string[] = [];
  for (const [, keyword, typeOnly, clause, from, bare] of source.matchAll(
    STATIC_IMPORT,
  )) {
    if (typeOnly !== undefined) continue;
    const target = resolveImport(file, from ?? bare ?? "");
    if (target === undefined) continue;
    if (keyword === "import" && clause !== undefined && split.size > 0) {
      const names = (/\{([^}]*)\}/.exec(clause)?.[1] ?? clause)
        .split(",")
        .map((name) => name.trim())
        .filter((name) => name !== "" && !name.startsWith("type "))
        .map((name) => name.split(/\s+as\s+/).pop() ?? name);
      if (names.length > 0 && names.every((name) => split.has(name))) continue;
    }
    found.push(target);
  }
  return found;
}

/** Every file reachable from `start`, each with the file that first imported it. */
function reachable(start: string, lazy: boolean): Map<string, string> {
  const via = new Map<string, string>([[start, ""]]);
  const queue = [start];
  for (let file = queue.shift(); file !== undefined; file = queue.shift())
    for (const target of staticImports(file, lazy))
      if (!via.has(target)) {
        via.set(target, file);
        queue.push(target);
      }
  return via;
}

/** The part whose folder holds `file`, when `file` uses a Lingui macro. */
function partWithStrings(file: string): string | undefined {
  const part = PARTS.find((candidate) =>
    candidate.folders.some((folder) => file.startsWith(`${folder}/`)),
  );
  if (part === undefined || !/\.tsx?$/.test(file)) return undefined;
  return MACRO.test(readFileSync(file, "utf8")) ? part.name : undefined;
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? routeFiles(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
}

const rel = (file: string) => relative(ROOT, file);

it("reads the parts from package.json", () => {
  expect(PARTS.map((part) => part.name)).toEqual(
    expect.arrayContaining(["temple", "fate", "orders", "contract", "my"]),
  );
});

it("keeps every part's strings out of the entry", () => {
  const entry = reachable(join(ROOT, "src/main.tsx"), true);
  expect(entry.size).toBeGreaterThan(50);
  const leaks = [...entry]
    .filter(([file]) => partWithStrings(file) !== undefined)
    .map(([file, importer]) => `${rel(file)} (imported by ${rel(importer)})`);
  expect(leaks).toEqual([]);
});

it.each(routeFiles(ROUTES).filter(isSplitRoute).map(rel))(
  "%s loads the parts it shows",
  (route) => {
    const file = join(ROOT, route);
    const needed = new Set(
      [...reachable(file, false).keys()]
        .map(partWithStrings)
        .filter((part) => part !== undefined),
    );
    const source = readFileSync(file, "utf8");
    const missing = [...needed].filter(
      (part) => !source.includes(`loadCatalogPart("${part}")`),
    );
    expect(missing).toEqual([]);
  },
);
