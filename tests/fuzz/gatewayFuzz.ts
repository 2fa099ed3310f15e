// Long gateway fuzz run over real WebSockets against the real server in-process (PGlite; PostgreSQL
// with --pg and TEST_DATABASE_URL): `npx tsx tests/fuzz/gatewayFuzz.ts --seed 7 --frames 100000`.
// Prints the seed first, progress, any failures, and as the last line one JSON summary; exits 1 on
// any failure.
import { pathToFileURL } from "node:url";
import { startImServer } from "../support/server/im/imServer";
import { testClock } from "../support/testClock";
import { defaultSeed, intArg } from "./fuzzArgs";
import { type GatewayFuzzSummary, runGatewayFuzz } from "./gatewayFuzzer";

export async function gatewayFuzzMain(
  argv: readonly string[],
): Promise<GatewayFuzzSummary> {
  const seed = intArg(argv, "seed", defaultSeed());
  const frames = intArg(argv, "frames", 100_000);
  const concurrency = intArg(argv, "concurrency", 4);
  console.log(
    `gateway fuzz: seed ${seed}, ${frames} frames, ${concurrency} connections at once`,
  );
  const clock = testClock();
  const server = await startImServer({
    database: argv.includes("--pg") ? "pg" : "pglite",
    clock,
  });
  try {
    const { summary, failures } = await runGatewayFuzz(
      { ...server, clock },
      {
        seed,
        frames,
        concurrency,
        log: (line) => {
          console.log(line);
        },
      },
    );
    for (const failure of failures) console.error(`FAIL ${failure}`);
    console.log(JSON.stringify(summary));
    return summary;
  } finally {
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const summary = await gatewayFuzzMain(process.argv.slice(2));
  if (!summary.ok) process.exitCode = 1;
}
