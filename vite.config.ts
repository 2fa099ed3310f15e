// Build of the PWA (Vite 8 + rolldown) and the Vitest projects that mirror the source tree.
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import type { Plugin } from "vite";
import { transformAsync, type ParserOptions } from "@babel/core";
import react from "@vitejs/plugin-react";
import { lingui } from "@lingui/vite-plugin";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import { VitePWA } from "vite-plugin-pwa";
import { readFileSync } from "node:fs";
import { minifySync } from "vite";

// NOTE: the Lingui macros run through Babel only in files that import a macro (toolchain gotcha 3).
// These few lines stand in for @rolldown/plugin-babel, every release of which declares Node
// >= 22.12 while we promise 20.19 (npm warned EBADENGINE on each install, issue #23).
function linguiMacros(): Plugin {
  return {
    name: "fuyuan:lingui-macros",
    enforce: "pre",
    transform: {
      filter: {
        id: { include: /\.[jt]sx?(?:$|\?)/, exclude: /[/\\]node_modules[/\\]/ },
        code: /@lingui\/(core|react)\/macro/,
      },
      async handler(code, id) {
        const file = id.replace(/\?.*$/, "");
        const syntax: ParserOptions["plugins"] = [];
        if (/\.tsx?$/.test(file)) syntax.push("typescript");
        if (/x$/.test(file)) syntax.push("jsx");
        const result = await transformAsync(code, {
          filename: file,
          babelrc: false,
          configFile: false,
          sourceMaps: true,
          parserOpts: { sourceType: "module", plugins: syntax },
          plugins: ["@lingui/babel-plugin-lingui-macro"],
        });
        if (result?.code == null) return null;
        return { code: result.code, map: result.map ?? null };
      },
    },
  };
}

// NOTE: the shell's colour-mode script is inlined into its head (#20): as a file it was a
// parser-blocking request before a phone's first paint (Lighthouse's mobile FCP of / about 50 ms
// earlier without it). The server's CSP admits it by its hash (server/http/inlineScripts.ts). A
// shell without the placeholder tag fails the build.
function inlineThemeScript(): Plugin {
  const file = "src/themeInit.js";
  const placeholder = /<script data-inline="src\/themeInit\.js"><\/script>/;
  return {
    name: "fuyuan:inline-theme-script",
    transformIndexHtml: {
      order: "pre",
      handler(html) {
        if (!placeholder.test(html))
          throw new Error(`index.html has no ${String(placeholder)}`);
        const script = minifySync(file, readFileSync(file, "utf8")).code.trim();
        // NOTE: a function, so a `$&` or `$'` in the script is not read as a replacement pattern.
        return html.replace(placeholder, () => `<script>${script}</script>`);
      },
    },
  };
}

// NOTE: vite-plugin-pwa links the manifest in the shell's head; the tab links it once the first
// page has settled instead (src/pwa/manifestLink.ts says why). A shell without the plugin's tag
// fails the build, so a change in the plugin cannot bring the early request back unnoticed.
function linkManifestAfterSettle(): Plugin {
  const tag = /<link rel="manifest"[^>]*>/;
  return {
    name: "fuyuan:link-manifest-after-settle",
    // NOTE: after vite-plugin-pwa's build plugin, which is `post` too and adds the tag.
    enforce: "post",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        if (!tag.test(html))
          throw new Error(`index.html has no ${String(tag)}`);
        return html.replace(tag, "");
      },
    },
  };
}

const serverPort = process.env.PORT ?? "8080";

// NOTE: rolldown's PLUGIN_TIMINGS notice (about 15 lines of per-plugin timings on every build) is
// advice for plugin authors, not a warning about our output; every other check stays on.
const checks = { bundlerTimings: false };

// NOTE: vite-plugin-pwa 2.0 builds the service worker with the deprecated
// `output.inlineDynamicImports: true`; rolldown's replacement with the same output is
// `codeSplitting: false` (one sw.js, no chunks). The same checks as the app build apply.
const swBuildOptions: Plugin = {
  name: "fuyuan:sw-build-options",
  config(config) {
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the name the PWA plugin writes
    const options = config.build?.rollupOptions;
    if (!options) return;
    options.checks = { ...options.checks, ...checks };
    const output = options.output;
    if (output && !Array.isArray(output) && "inlineDynamicImports" in output) {
      Reflect.deleteProperty(output, "inlineDynamicImports");
      output.codeSplitting = false;
    }
  },
};

// NOTE: PWA (house style 15): prompt-type updates, injectManifest with the TypeScript service
// worker src/sw/sw.ts (built to /sw.js), which adds the Web Push handlers. The app shell, every
// route chunk, the IM worker bundle and the bundled cn catalog are precached (the globs below);
// the tw/en catalog chunks (`messages-*.js`) and images are cached at runtime. Authenticated API,
// POSTs, /im, /dev and /api/docs never reach a cache (only the public content GETs are matched):
// the rules live in src/sw/cacheRules.ts.
const pwa = VitePWA({
  registerType: "prompt",
  strategies: "injectManifest",
  srcDir: "src/sw",
  filename: "sw.ts",
  injectRegister: false,
  devOptions: { enabled: process.env.VITE_PWA_DEV === "1", type: "module" },
  includeAssets: ["favicon.svg"],
  manifest: {
    id: "/",
    name: "福缘 Fuyuan",
    short_name: "福缘",
    description: "福缘：寺院祈福、结缘与法师咨询",
    lang: "zh-CN",
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    theme_color: "#75502F",
    background_color: "#F7F1E8",
    categories: ["lifestyle", "social"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
      {
        src: "/icons/icon-maskable-512.png",
        sizes: "512x512",
        type: "image/png",
        purpose: "maskable",
      },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
    ],
    screenshots: [
      {
        src: "/icons/screenshot-narrow.png",
        sizes: "780x1688",
        type: "image/png",
        form_factor: "narrow",
        label: "福缘首页",
      },
      {
        src: "/icons/screenshot-wide.png",
        sizes: "1280x800",
        type: "image/png",
        form_factor: "wide",
        label: "福缘首页",
      },
    ],
  },
  injectManifest: {
    globPatterns: ["**/*.{js,css,html,svg,webmanifest}", "icons/icon-*.png"],
    globIgnores: ["**/messages-*.js", "images/**", "**/*.map"],
    maximumFileSizeToCacheInBytes: 3_000_000,
    buildPlugins: { vite: [swBuildOptions] },
  },
});

export default defineConfig({
  plugins: [
    tanstackRouter({ target: "react", autoCodeSplitting: true }),
    linguiMacros(),
    inlineThemeScript(),
    react(),
    lingui({ failOnMissing: process.env.NODE_ENV === "production" }),
    pwa,
    linkManifestAfterSettle(),
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
    // NOTE: no `<link rel=modulepreload>` for a lazy chunk's imports (its CSS still loads first).
    // Appending them cost a phone (4× CPU) about 40 ms inside the long tasks of a signed-in
    // /destiny's start, for files already on their way: the first page's chunks come with the
    // shell's `Link` header, intent preloading fetches a route's chunk before the tap, and the
    // service worker's cache serves them after the first visit. Lighthouse's mobile TBT of that
    // page, medians of 5 side by side: 152 / 173 / 157 ms with them, 143 / 142 / 136 without (#20).
    modulePreload: { resolveDependencies: () => [] },
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      checks,
      // NOTE: everything the entry imports statically goes into two chunks. Left to itself rolldown
      // made about 20 chunks of 1 to 6 kB for the first visit (modules the entry shares with lazy
      // routes), and on a phone's connection each one costs a round trip: Lighthouse's mobile
      // first paint of /login went from about 4.3 s to 2.1 s with one group (#20). React is the
      // second (58 of the 116 kB brotli): its hash stays when our code changes, so a returning
      // phone downloads half after a deploy, and the two halves load side by side on HTTP/1.1's
      // connections (first paint ~50 ms sooner on Lighthouse's mobile preset, side by side).
      output: {
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              tags: ["$initial"],
              priority: 1,
            },
            { name: "app", tags: ["$initial"] },
          ],
        },
      },
    },
  },
  test: {
    globals: true,
    // The slowest files at the end of each run (CI keeps the log's end).
    reporters: ["default", "./tests/support/slowestFiles.ts"],
    // NOTE: Vitest's default is one worker fewer than the cores, so a 2-core runner ran every unit
    // file one after another. Most files wait on sockets, child processes and PostgreSQL rather
    // than compute, and two at a time took the unit run from 1,528 s to about 880 s on 2 cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // NOTE: wukongimjssdk ships ESM with extensionless imports and no "type": "module";
    // Node cannot load it, so Vite transforms it (tests drive it as a black box).
    server: { deps: { inline: ["wukongimjssdk"] } },
    projects: [
      {
        extends: true,
        test: {
          name: "protocol",
          environment: "node",
          testTimeout: 30_000,
          include: ["tests/workers/protocol/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "workers",
          environment: "node",
          testTimeout: 20_000,
          hookTimeout: 60_000,
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
          include: [
            "tests/server/**/*.test.ts",
            "tests/contract/**/*.test.ts",
            "tests/support/**/*.test.ts",
          ],
          exclude: ["tests/server/im/wukongim/**"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // NOTE: the suites on a real WuKongIM v2.2.5 run one at a time, after every other unit
          // file (Vitest runs projects without file parallelism last, alone): two nodes started at
          // once on 2 cores stalled its slot Raft groups ("propose batch until applied timeout").
          name: "wukongim",
          environment: "node",
          include: ["tests/server/im/wukongim/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: "src",
          environment: "jsdom",
          // NOTE: the first test of a file also pays for jsdom + module setup; on 2 busy cores
          // that alone can approach Vitest's 5 s default.
          testTimeout: 20_000,
          hookTimeout: 30_000,
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
          // NOTE: Vitest's default of 1 s is less than a service worker or a tab on a busy 2-core
          // runner sometimes needs to react (a push notification came 1.3 s late in CI).
          expect: { poll: { timeout: 10_000 } },
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
