// Long REST fuzz run against the real server in-process (PGlite; PostgreSQL with --pg and
// TEST_DATABASE_URL): `npx tsx tests/fuzz/restFuzz.ts --seed 7 --count 20000`. Prints the seed
// first, progress, any failures, and as the last line one JSON summary; exits 1 on any failure.
import { pathToFileURL } from "node:url";
import { startTestServer } from "../support/server/testServer";
import { defaultSeed, intArg } from "./fuzzArgs";
import { runRestFuzz, type RestFuzzSummary } from "./restFuzzer";

export async function restFuzzMain(
  argv: readonly string[],
): Promise<RestFuzzSummary> {
  const seed = intArg(argv, "seed", defaultSeed());
  const count = intArg(argv, "count", 20_000);
  console.log(`rest fuzz: seed ${seed}, ${count} requests`);
  const server = await startTestServer({
    database: argv.includes("--pg") ? "pg" : "pglite",
    // NOTE: no sweeper: it would change tables while a refused request is being checked.
    env: { ORDER_SWEEP_SECONDS: "0" },
  });
  try {
    const { summary, failures } = await runRestFuzz(server, {
      seed,
      count,
      log: (line) => {
        console.log(line);
      },
    });
    for (const failure of failures) console.error(`FAIL ${failure}`);
    console.log(JSON.stringify(summary));
    return summary;
  } finally {
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const summary = await restFuzzMain(process.argv.slice(2));
  if (!summary.ok) process.exitCode = 1;
}
