// Lint: typescript-eslint strict with type information, React hooks, Lingui, and the
// dependency directions of docs/architecture.md enforced as import restrictions.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import pluginLingui from "eslint-plugin-lingui";
import globals from "globals";

const restrict = (patterns) => ({
  "no-restricted-imports": ["error", { patterns }],
});

export default tseslint.config(
  {
    ignores: ["dist", "build", "node_modules", "**/routeTree.gen.ts", "server/db/migrations", "locales/**/*.ts", "data"],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.es2022 },
    },
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/switch-exhaustiveness-check": "error",
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
  },
  // The wire protocol imports nothing outside itself.
  {
    files: ["workers/protocol/**/*.ts"],
    rules: restrict([
      { regex: "^(?!\\./|@noble/)", message: "workers/protocol is pure: only its own files and @noble/* may be imported." },
    ]),
  },
  // The contract is pure data, types and the API's TypeBox schemas, shared by server, tab and
  // worker: its own files and typebox, nothing else (no DOM, Node or I/O). Only contract/schemas/
  // builds schemas, so what the tab imports as values from #contract never pulls in typebox.
  {
    files: ["contract/*.ts"],
    rules: restrict([
      { regex: "^(?!\\./)", message: "contract/ is pure: only its own files may be imported (schemas live in contract/schemas/)." },
    ]),
  },
  {
    files: ["contract/schemas/**/*.ts"],
    rules: restrict([
      { regex: "^(?!\\./|\\.\\./[^./]|typebox$)", message: "contract/ is pure: only its own files and typebox may be imported." },
    ]),
  },
  // The server reaches the protocol only through #protocol, never the client or the worker.
  {
    files: ["server/**/*.ts"],
    rules: restrict([
      { group: ["**/src/**", "**/workers/**"], message: "server/ imports the protocol as #protocol, nothing else from the client." },
    ]),
  },
  // The React app: no worker internals; protocol and worker API only as types.
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, lingui: pluginLingui },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "lingui/no-unlocalized-strings": [
        "error",
        {
          ignore: ["^(?![A-Z])\\S+$", "^[A-Z0-9_-]+$", "^#", "^https?://", "^/"],
          ignoreNames: [
            { regex: { pattern: "className|^(type|key|to|href|src|id|name|role|rel|target|method|lang|dir|variant|size|as|mode|locale|path|status|code|icon|fill|stroke|viewBox|d|xmlns|testId|data-testid|aria-live|autoComplete|inputMode)$" } },
          ],
          ignoreFunctions: ["console.*", "Error", "*.startsWith", "*.endsWith", "*.includes", "*.split", "*.join", "*.replace", "*.getItem", "*.setItem", "*.removeItem", "*.addEventListener", "*.removeEventListener", "*.get", "*.set", "*.has", "*.delete", "document.querySelector", "document.createElement", "new URL", "new URLSearchParams", "matchMedia", "createFileRoute", "createRootRoute", "redirect", "fetch", "Symbol"],
          ignoreMethodsOnTypes: ["Map.get", "Map.has", "Map.set", "Set.has", "URLSearchParams.get", "URLSearchParams.set", "Headers.set", "Headers.get"],
        },
      ],
      "lingui/t-call-in-function": "error",
      "lingui/no-single-variables-to-translate": "error",
      ...restrict([
        { group: ["**/workers/*", "!**/workers/api", "**/workers/messenger/**", "**/workers/connection/**", "**/workers/tabs/**", "**/workers/relay/**", "**/workers/outbox/**", "**/workers/inbox/**", "**/workers/sync/**", "**/workers/rest/**", "**/workers/lib/**"], message: "src/ talks to the worker only through src/messenger/ and workers/api.ts." },
        { group: ["**/server/**"], message: "The client never imports server code." },
      ]),
    },
  },
  // The tab and the worker take the API's schemas as types only (#contract's `export type *`):
  // typebox's code and the schema values stay out of their bundles.
  {
    files: ["src/**/*.{ts,tsx}", "workers/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "typebox", allowTypeImports: true, message: "Only types of typebox in the tab and the worker (Static<typeof X>)." },
            { name: "#contract/schemas", allowTypeImports: true, message: "The tab and the worker take schemas as types from #contract." },
          ],
        },
      ],
    },
  },
  {
    files: ["workers/**/*.ts"],
    ignores: ["workers/protocol/**"],
    languageOptions: { globals: { ...globals.worker } },
    rules: restrict([
      { group: ["**/server/**"], message: "Workers never import server code." },
      { group: ["**/src/*", "!**/src/db", "!**/src/db/**"], message: "Workers may import only src/db (the shared Dexie schema)." },
    ]),
  },
  {
    files: ["tests/**/*.{ts,tsx}", "scripts/**/*.ts", "vite.config.ts"],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
);
