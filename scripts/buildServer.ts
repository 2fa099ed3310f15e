// `npm run build:server [outDir]`: compiles the Node server to plain JavaScript in build/server/, so that
// production runs `node build/server/main.mjs` instead of compiling TypeScript on every start (tsx),
// and the embedded database's worker thread loads a .mjs file instead of tsx's loader.
//
// One self-contained ESM bundle per entry point (no shared chunks: each file's `import.meta.url` is
// then build/server/, where createDb finds its migrations and the database client its worker host);
// packages stay imports of node_modules, our own `#protocol` / `#contract` are bundled in. Rolldown
// is the bundler Vite already uses here; no second one. The server's Lingui catalogs
// (locales/*/server.po) are compiled now and inlined: the bundle reads no .po file.
import { cpSync, rmSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { build, type Plugin } from "rolldown";

/** Where the bundles go: build/server, or the directory given as the first argument. */
const outDir = process.argv[2] ?? "build/server";

/** Entry name → source. `main` is the server; the others run beside it or from the command line. */
const ENTRIES = {
  main: "server/main.ts",
  pgliteWorkerHost: "server/db/pgliteWorkerHost.ts",
  adminCli: "server/adminCli.ts",
  migrateCli: "server/db/migrateCli.ts",
  seedCli: "server/db/seedCli.ts",
} as const;

/** Bare imports are packages from node_modules (`#…` are this package's own subpath imports). */
const isPackage = (id: string) =>
  !id.startsWith(".") &&
  !id.startsWith("/") &&
  !id.startsWith("#") &&
  !id.startsWith("\0");

/**
 * Puts the result of server/i18n/serverMessages.ts (the catalogs it reads and compiles from
 * locales/) in place of the module: run here, under tsx, it is imported by the id rolldown found.
 */
function inlineServerMessages(): Plugin {
  const loader = /[/\\]server[/\\]i18n[/\\]serverMessages\.ts$/;
  let compiled: string | undefined;
  return {
    name: "fuyuan:inline-server-messages",
    async load(id) {
      if (!loader.test(id)) return null;
      if (compiled === undefined) {
        const module = (await import(pathToFileURL(id).href)) as {
          loadServerMessages: () => unknown;
        };
        compiled = JSON.stringify(module.loadServerMessages());
      }
      return `export function loadServerMessages() { return ${compiled}; }\n`;
    },
  };
}

const started = Date.now();
rmSync(outDir, { recursive: true, force: true });
const plugins = [inlineServerMessages()];
for (const [name, input] of Object.entries(ENTRIES))
  await build({
    input,
    platform: "node",
    external: isPackage,
    plugins,
    logLevel: "warn",
    output: {
      file: `${outDir}/${name}.mjs`,
      format: "esm",
      sourcemap: true,
      codeSplitting: false,
    },
  });
cpSync("server/db/migrations", `${outDir}/migrations`, {
  recursive: true,
});
console.log(
  `server compiled to ${outDir}/ (${Object.keys(ENTRIES).join(", ")}) in ${String(Date.now() - started)} ms`,
);
