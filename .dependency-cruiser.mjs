// The dependency check of `npm run lint` (dependency-cruiser): no import cycle anywhere in the
// product code, type-only imports included, and the boundaries of docs/architecture.md between
// the areas. eslint.config.js checks the finer rules inside an area (which files of workers/ the
// tab may name, type-only imports of the contract's schemas).
/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-cycle",
      comment:
        "A module must not reach itself through its imports: split out the shared part (see server/http/domainPlugin.ts).",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "contract-is-pure",
      comment: "contract/ is shared by server, tab and worker: it imports none of them.",
      severity: "error",
      from: { path: "^contract/" },
      to: { path: "^(server|src|workers)/" },
    },
    {
      name: "protocol-is-pure",
      comment: "workers/protocol (#protocol) is shared by worker and server: it imports only itself.",
      severity: "error",
      from: { path: "^workers/protocol/" },
      to: { path: "^(server|src|contract)/|^workers/(?!protocol/)" },
    },
    {
      name: "client-never-imports-server",
      comment: "The tab and the worker talk to the server over HTTP and the IM socket only.",
      severity: "error",
      from: { path: "^(src|workers)/" },
      to: { path: "^server/" },
    },
    {
      name: "server-imports-only-the-protocol",
      comment: "server/ takes the wire protocol as #protocol and nothing else of the tab or the worker.",
      severity: "error",
      from: { path: "^server/" },
      to: { path: "^src/|^workers/(?!protocol/)" },
    },
    {
      name: "worker-imports-only-the-dexie-schema",
      comment: "Of the tab's code the worker imports only src/db (the shared Dexie schema).",
      severity: "error",
      from: { path: "^workers/" },
      to: { path: "^src/(?!db/)" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // NOTE: type-only imports count: a cycle of types still ties the modules' meaning together.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".js", ".mjs", ".d.ts"],
    },
    skipAnalysisNotInRules: true,
  },
};
