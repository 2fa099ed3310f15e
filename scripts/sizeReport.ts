// Prints the built PWA's bundle sizes from dist/.vite/manifest.json: the initial JS of `/` (the
// entry and everything it imports statically), each lazily loaded route chunk, the IM worker and
// what the chat list needs offline, as served: the bytes of the build's .gz sibling (what any
// browser gets; budgets check these) and of its .br sibling (what current browsers get), or the
// file itself where no sibling was written. Exits non-zero when a budget is exceeded.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Budgets in kB (1000 bytes) as served gzip (the build's .gz siblings). */
export const BUDGETS = {
  /** The initial JS of `/` (the original issue-2 budget). */
  rootInitialGzKb: 150,
  /** Main-thread initial JS (the entry and its static imports). */
  mainInitialGzKb: 170,
  /** The IM SharedWorker bundle. */
  workerGzKb: 70,
  /** Everything needed to show the chat list offline. */
  offlineChatGzKb: 350,
} as const;

const distDir = process.argv[2] ?? "dist";
const manifest = JSON.parse(
  readFileSync(join(distDir, ".vite/manifest.json"), "utf8"),
) as Manifest;

/** The bytes a browser accepting `encoding` is sent for `file` (its sibling, else the file). */
function servedBytes(file: string, encoding: "gz" | "br"): number {
  const path = join(distDir, file);
  const sibling = `${path}.${encoding}`;
  return statSync(existsSync(sibling) ? sibling : path).size;
}
const gzBytes = (file: string) => servedBytes(file, "gz");
const brBytes = (file: string) => servedBytes(file, "br");
if (!existsSync(join(distDir, "index.html.gz")))
  throw new Error(
    "no precompressed siblings in the build: run scripts/precompress.ts first",
  );

/** The files a chunk needs before it can run: itself plus its static imports, transitively. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(dep, seen);
  return seen;
}

function sumJs(keys: Iterable<string>, size = gzBytes): number {
  let total = 0;
  for (const key of keys) {
    const chunk = manifest[key];
    if (chunk?.file.endsWith(".js")) total += size(chunk.file);
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
const mainInitialBr = sumJs(initial, brBytes);

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
  `\nInitial JS for / (entry + static imports): ${kb(mainInitial)} kB served gzip, ${kb(mainInitialBr)} kB brotli (budgets: / ${BUDGETS.rootInitialGzKb} kB, main thread ${BUDGETS.mainInitialGzKb} kB)`,
);

// The IM worker: emitted as an asset of the chunk that starts it (`new URL(..., import.meta.url)`).
const workerFiles = [
  ...new Set(
    Object.values(manifest).flatMap((chunk) =>
      (chunk.assets ?? []).filter((file) => /\.worker-[\w-]+\.js$/.test(file)),
    ),
  ),
];
if (workerFiles.length === 0)
  throw new Error("no worker bundle in the manifest");
const workerGz = workerFiles.reduce((sum, file) => sum + gzBytes(file), 0);
const workerBr = workerFiles.reduce((sum, file) => sum + brBytes(file), 0);

/**
 * The chat list offline: the entry closure (with the bundled cn catalog), the /destiny route
 * chunks with everything they import (static and dynamic, but not other routes or other locales'
 * catalogs), the worker, the service worker and the Workbox runtimes (SW side and workbox-window).
 */
function offlineChatFiles(): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (chunk === undefined) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
    for (const dep of chunk.dynamicImports ?? []) {
      const target = manifest[dep];
      if (target?.src?.startsWith("src/routes/") === true) continue;
      if (target?.src?.startsWith("locales/") === true) continue;
      visit(dep);
    }
  };
  visit(entryKey ?? "");
  for (const [key, chunk] of Object.entries(manifest))
    if (chunk.src?.startsWith("src/routes/{-$locale}/destiny") === true)
      visit(key);
  for (const file of workerFiles) files.add(file);
  for (const key of Object.keys(manifest))
    if (key.includes("workbox-window")) visit(key);
  const root = readdirSync(distDir);
  if (!root.includes("sw.js")) throw new Error("no sw.js in the build");
  files.add("sw.js");
  for (const name of root)
    if (/^workbox-[\w-]+\.js$/.test(name)) files.add(name);
  return new Set([...files].filter((file) => file.endsWith(".js")));
}
const offlineFiles = [...offlineChatFiles()];
const offlineChat = offlineFiles.reduce((sum, file) => sum + gzBytes(file), 0);
const offlineChatBr = offlineFiles.reduce(
  (sum, file) => sum + brBytes(file),
  0,
);
console.log(
  `IM worker: ${kb(workerGz)} kB served gzip, ${kb(workerBr)} kB brotli (budget ${BUDGETS.workerGzKb} kB)`,
);
console.log(
  `Chat list offline (entry + /destiny + deps + worker + sw + workbox): ${kb(offlineChat)} kB served gzip, ${kb(offlineChatBr)} kB brotli (budget ${BUDGETS.offlineChatGzKb} kB)`,
);

const failures: string[] = [];
const check = (label: string, bytes: number, budgetKb: number) => {
  if (bytes / 1000 > budgetKb)
    failures.push(`${label} ${kb(bytes)} kB > ${budgetKb} kB`);
};
check("initial JS of /", mainInitial, BUDGETS.rootInitialGzKb);
check("main-thread initial JS", mainInitial, BUDGETS.mainInitialGzKb);
check("IM worker", workerGz, BUDGETS.workerGzKb);
check("offline chat list", offlineChat, BUDGETS.offlineChatGzKb);
console.log(
  JSON.stringify({
    size: "bundles",
    main_initial_gz_kb: Number(kb(mainInitial)),
    worker_gz_kb: Number(kb(workerGz)),
    offline_chat_gz_kb: Number(kb(offlineChat)),
    main_initial_br_kb: Number(kb(mainInitialBr)),
    worker_br_kb: Number(kb(workerBr)),
    offline_chat_br_kb: Number(kb(offlineChatBr)),
  }),
);
if (failures.length > 0) {
  console.error(`Size budget exceeded: ${failures.join("; ")}`);
  process.exitCode = 1;
}
