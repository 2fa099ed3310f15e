// Writes a brotli (.br) and a gzip (.gz) sibling next to every compressible file of the build, so
// the server sends compressed bytes without compressing per request (@fastify/static
// `preCompressed` picks the sibling the browser's Accept-Encoding allows, and adds Vary). A
// sibling that would not be smaller is not written: that file is then served as it is.
// NOTE: node:zlib does both at the highest levels; no plugin is needed for forty lines.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** What is worth compressing: text formats (images and fonts are compressed already). */
export const COMPRESSIBLE = new Set([
  ".js",
  ".mjs",
  ".css",
  ".html",
  ".svg",
  ".json",
  ".webmanifest",
  ".txt",
  ".xml",
]);
/** Below this, headers outweigh the saving. */
const MIN_BYTES = 512;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== ".vite") yield* files(path);
    } else yield path;
  }
}

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
}

/** Writes the siblings of every compressible file under `dir` (the Vite manifest folder aside). */
export function precompressDir(dir: string): PrecompressResult {
  const result = { files: 0, bytes: 0, brotliBytes: 0 };
  for (const path of files(dir)) {
    if (!COMPRESSIBLE.has(extname(path))) continue;
    const size = statSync(path).size;
    if (size < MIN_BYTES) continue;
    const bytes = readFileSync(path);
    const br = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: size,
      },
    });
    const gz = gzipSync(bytes, { level: 9 });
    if (br.length < size) writeFileSync(`${path}.br`, br);
    if (gz.length < size) writeFileSync(`${path}.gz`, gz);
    result.files += 1;
    result.bytes += size;
    result.brotliBytes += Math.min(br.length, size);
  }
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const done = precompressDir(process.argv[2] ?? "dist");
  console.log(
    `Precompressed ${String(done.files)} files: ${(done.bytes / 1000).toFixed(1)} kB → ${(done.brotliBytes / 1000).toFixed(1)} kB brotli`,
  );
}
