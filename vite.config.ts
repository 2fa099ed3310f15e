// Build of the PWA (Vite 8 + rolldown) and the Vitest projects that mirror the source tree.
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import babel, { defineRolldownBabelPreset } from "@rolldown/plugin-babel";
import { lingui } from "@lingui/vite-plugin";
import { tanstackRouter } from "@tanstack/router-plugin/vite";

// NOTE: the Lingui macros run through Babel only in files that import a macro (toolchain gotcha 3).
const linguiMacros = defineRolldownBabelPreset({
  preset: () => ({ plugins: ["@lingui/babel-plugin-lingui-macro"] }),
  rolldown: { filter: { code: /@lingui\/(core|react)\/macro/ } },
});

const serverPort = process.env.PORT ?? "8080";

export default defineConfig({
  plugins: [
    tanstackRouter({ target: "react", autoCodeSplitting: true }),
    babel({ presets: [linguiMacros] }),
    react(),
    lingui({ failOnMissing: process.env.NODE_ENV === "production" }),
  ],
  server: {
    host: "127.0.0.1",
    proxy: {
      "/api": `http://127.0.0.1:${serverPort}`,
      "/dev": `http://127.0.0.1:${serverPort}`,
      "/media": `http://127.0.0.1:${serverPort}`,
      "/im": { target: `ws://127.0.0.1:${serverPort}`, ws: true },
    },
  },
  build: {
    target: "es2022",
    sourcemap: true,
    manifest: true,
  },
  test: {
    globals: true,
    // NOTE: wukongimjssdk ships ESM with extensionless imports and no "type": "module";
    // Node cannot load it, so Vite transforms it (tests drive it as a black box).
    server: { deps: { inline: ["wukongimjssdk"] } },
    projects: [
      {
        extends: true,
        test: {
          name: "protocol",
          environment: "node",
          include: ["tests/workers/protocol/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "workers",
          environment: "node",
          include: ["tests/workers/**/*.test.ts"],
          exclude: ["tests/workers/protocol/**"],
          setupFiles: ["fake-indexeddb/auto"],
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          environment: "node",
          include: ["tests/server/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "src",
          environment: "jsdom",
          include: ["tests/src/**/*.test.{ts,tsx}"],
          setupFiles: ["fake-indexeddb/auto", "tests/support/setupDom.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          environment: "node",
          include: ["tests/e2e/**/*.e2e.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
