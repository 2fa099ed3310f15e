// Rewrites the configuration table in README.md (between the env-table markers) from ENV_VARS
// (server/config/appConfig.ts), the rows of every area's envVar() declarations, so the README
// never drifts from the code.
// `npm run docs:env -- --check` exits non-zero when the README is out of date.
import { readFileSync, writeFileSync } from "node:fs";
import { ENV_VARS } from "./config/appConfig";

const START = "<!-- env-table:start -->";
const END = "<!-- env-table:end -->";

const cell = (text: string): string => text.replaceAll("|", "\\|");
const code = (value: string): string =>
  /^\(|\s/.test(value) ? value : `\`${value}\``;

const table = [
  "| variable | default | meaning |",
  "| --- | --- | --- |",
  ...ENV_VARS.map(
    (v) =>
      `| \`${v.name}\` | ${cell(code(v.default))} | ${cell(v.description)} |`,
  ),
].join("\n");

const readme = readFileSync("README.md", "utf8");
const from = readme.indexOf(START);
const to = readme.indexOf(END);
if (from < 0 || to < from)
  throw new Error("README.md has no env-table markers");
const next = `${readme.slice(0, from + START.length)}\n${table}\n${readme.slice(to)}`;

if (process.argv.includes("--check")) {
  if (next !== readme) {
    console.error(
      "README.md configuration table is out of date: run `npm run docs:env`",
    );
    process.exit(1);
  }
} else {
  writeFileSync("README.md", next);
  console.log(`README.md: ${ENV_VARS.length} variables`);
}
