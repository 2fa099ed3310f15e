// `npm run chaos -- --seed N --faults 100 --messages 2000 [--kinds dropRecv,kill,…]` (issue #9): the
// messenger under injected faults. Prints the seed first (a failure replays with it), progress, every
// broken rule, and as its last line {"chaos":"im","seed":…,"faults":…,"messages":…,"lost":…,
// "duplicated":…,"reordered":…}. Exit code 1 on any loss, duplicate, reorder or other broken rule.
import "fake-indexeddb/auto";
import { parseArgs } from "node:util";
import { DEFAULT_FAULT_WEIGHTS } from "./faultPlan";
import { runImChaos, summaryLine } from "./runImChaos";

const out = (line: string) => {
  process.stdout.write(`${line}\n`);
};

function positive(
  name: string,
  raw: string | undefined,
  fallback: number,
): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) {
    process.stderr.write(
      `--${name} must be a non-negative integer, not "${raw}"\n`,
    );
    process.exit(2);
  }
  return n;
}

let values: Record<string, string | undefined>;
try {
  ({ values } = parseArgs({
    options: {
      seed: { type: "string" },
      faults: { type: "string" },
      messages: { type: "string" },
      kinds: { type: "string" },
    },
    strict: true,
  }) as { values: Record<string, string | undefined> });
} catch (error) {
  process.stderr.write(
    `${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.stderr.write(
    "usage: imChaos [--seed N] [--faults 100] [--messages 2000] [--kinds kind,…]\n",
  );
  process.exit(2);
}

const seed = positive("seed", values.seed, Math.floor(Math.random() * 2 ** 31));
const faults = positive("faults", values.faults, 100);
const messages = Math.max(1, positive("messages", values.messages, 2000));
const kinds = values.kinds?.split(",").filter((k) => k !== "");
const unknown = kinds?.filter((k) => !(k in DEFAULT_FAULT_WEIGHTS)) ?? [];
if (unknown.length > 0) {
  process.stderr.write(
    `unknown fault kind(s) ${unknown.join(", ")}; known: ${Object.keys(DEFAULT_FAULT_WEIGHTS).join(", ")}\n`,
  );
  process.exit(2);
}
const weights =
  kinds === undefined
    ? undefined
    : Object.fromEntries(
        Object.entries(DEFAULT_FAULT_WEIGHTS).map(([kind, weight]) => [
          kind,
          kinds.includes(kind) ? weight : 0,
        ]),
      );
out(
  `seed ${seed} (replay: npm run chaos -- --seed ${seed} --faults ${faults} --messages ${messages}${kinds === undefined ? "" : ` --kinds ${kinds.join(",")}`})`,
);

const report = await runImChaos({
  seed,
  faults,
  messages,
  log: out,
  ...(weights === undefined ? {} : { weights }),
});
out(
  `faults fired: ${JSON.stringify(report.fired)}; storage ${report.storage}; ${report.durationMs} ms`,
);
for (const problem of report.problems) out(`PROBLEM ${problem}`);
out(summaryLine(report));
process.exit(report.ok ? 0 : 1);
