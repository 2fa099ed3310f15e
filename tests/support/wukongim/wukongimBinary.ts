// Which WuKongIM binary the real-server suites run, decided once per test process:
// - WUKONGIM_BIN set: that file (it must exist; .ci/run exports it after scripts/wukongim/build.sh);
// - unset on CI (`CI` set): a failure, so CI can never skip these suites by accident;
// - unset elsewhere with `go` on PATH: scripts/wukongim/build.sh builds it (about 3 minutes on a
//   fresh machine, then cached by source hash; concurrent test processes share one build);
// - unset without Go: null, and the suites skip with the reason printed, so `npm test` on a
//   machine without Go still passes.
import { spawn, spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { fileURLToPath } from "node:url";

const BUILD_SCRIPT = fileURLToPath(
  new URL("../../../scripts/wukongim/build.sh", import.meta.url),
);

export const WUKONGIM_SKIP_REASON =
  "WuKongIM suites skipped: WUKONGIM_BIN is unset and `go` is not on PATH " +
  "(install Go >= 1.23, or run scripts/wukongim/build.sh and export WUKONGIM_BIN=<its last line>)";

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function goOnPath(): boolean {
  return spawnSync("go", ["version"], { stdio: "ignore" }).error === undefined;
}

function onCi(): boolean {
  const ci = process.env.CI;
  return ci !== undefined && ci !== "" && ci !== "0" && ci !== "false";
}

/** Runs build.sh; resolves with the path it prints last, or fails with its output's tail. */
async function build(): Promise<string> {
  process.stderr.write(
    "WuKongIM: WUKONGIM_BIN is unset, running scripts/wukongim/build.sh (cached by source hash; a first build takes minutes)…\n",
  );
  const child = spawn("bash", [BUILD_SCRIPT], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  const path = stdout.trim().split("\n").at(-1) ?? "";
  if (code !== 0 || !isExecutable(path))
    throw new Error(
      `scripts/wukongim/build.sh failed (exit ${String(code)}):\n${stderr.slice(-4000)}`,
    );
  return path;
}

async function resolve(): Promise<string | null> {
  const configured = process.env.WUKONGIM_BIN;
  if (configured !== undefined && configured !== "") {
    if (!isExecutable(configured))
      throw new Error(
        `WUKONGIM_BIN=${configured} is not an executable file (scripts/wukongim/build.sh prints the right path)`,
      );
    return configured;
  }
  if (onCi())
    throw new Error(
      "WUKONGIM_BIN is unset on CI: .ci/run must build WuKongIM (scripts/wukongim/build.sh) and export its path",
    );
  if (goOnPath()) return build();
  process.stderr.write(`${WUKONGIM_SKIP_REASON}\n`);
  return null;
}

let resolved: Promise<string | null> | undefined;

/**
 * The binary's path, or null when the suites must skip (reason printed once).
 * @example const binary = await wukongimBinary(); describe.skipIf(binary === null)(…)
 */
export function wukongimBinary(): Promise<string | null> {
  resolved ??= resolve();
  return resolved;
}
