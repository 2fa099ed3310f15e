// Prints the built PWA's bundle sizes from dist/.vite/manifest.json: the initial JS of `/` (the
// entry and everything it imports statically) and each lazily loaded route chunk, gzip-compressed.
// Exits non-zero when a budget is exceeded, so `npm run build` fails on a regression.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Budgets in kB (1000 bytes) of gzip. */
export const BUDGETS = { mainInitialGzKb: 150 } as const;

const distDir = process.argv[2] ?? "dist";
const manifest = JSON.parse(
  readFileSync(join(distDir, ".vite/manifest.json"), "utf8"),
) as Manifest;

const gzCache = new Map<string, number>();
function gzBytes(file: string): number {
  let size = gzCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
    gzCache.set(file, size);
  }
  return size;
}

/** The files a chunk needs before it can run: itself plus its static imports, transitively. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(dep, seen);
  return seen;
}

function sumJs(keys: Iterable<string>): number {
  let total = 0;
  for (const key of keys) {
    const chunk = manifest[key];
    if (chunk?.file.endsWith(".js")) total += gzBytes(chunk.file);
  }
  return total;
}

const kb = (bytes: number): string => (bytes / 1000).toFixed(1);

const entryKey = Object.keys(manifest).find(
  (key) => manifest[key]?.isEntry === true,
);
if (entryKey === undefined) throw new Error("no entry chunk in the manifest");
const initial = staticClosure(entryKey);
const mainInitial = sumJs(initial);

const routes = Object.entries(manifest)
  .filter(
    ([, chunk]) =>
      chunk.isDynamicEntry === true &&
      chunk.src?.startsWith("src/routes/") === true,
  )
  .map(([key, chunk]) => {
    const extra = [...staticClosure(key)].filter((dep) => !initial.has(dep));
    const route = (chunk.src ?? key)
      .replace("src/routes/", "")
      .replace(/\?tsr-split=(\w+)$/, " [$1]");
    return { route, own: gzBytes(chunk.file), withDeps: sumJs(extra) };
  })
  .sort((a, b) => a.route.localeCompare(b.route));

console.log(
  "\nRoute chunks (gzip kB: the chunk itself / with the chunks it adds to the initial load)",
);
for (const row of routes) {
  console.log(
    `  ${row.route.padEnd(52)} ${kb(row.own).padStart(7)} / ${kb(row.withDeps).padStart(7)}`,
  );
}
console.log(
  `\nInitial JS for / (entry + static imports): ${kb(mainInitial)} kB gzip (budget ${BUDGETS.mainInitialGzKb} kB)`,
);

const failures: string[] = [];
if (mainInitial / 1000 > BUDGETS.mainInitialGzKb)
  failures.push(
    `initial JS ${kb(mainInitial)} kB > ${BUDGETS.mainInitialGzKb} kB`,
  );
console.log(
  JSON.stringify({
    size: "bundles",
    main_initial_gz_kb: Number(kb(mainInitial)),
    route_chunks: routes.length,
  }),
);
if (failures.length > 0) {
  console.error(`Size budget exceeded: ${failures.join("; ")}`);
  process.exit(1);
}
