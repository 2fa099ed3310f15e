// Long fuzz run of the protocol decoders: `npm run fuzz:protocol -- --seed 7 --count 2000000`.
// Prints progress per batch and, as the last line, one JSON summary. Exits 1 on the first failure,
// shrunk, with the batch seed and fast-check path that replay it alone:
// `npm run fuzz:protocol -- --seed <batch seed> --count <count> --path <path>`.
import { defaultSeed, intArg } from "./fuzzArgs";
import { runFuzz, type FuzzSummary } from "../support/protocol/fuzz";

const argv = process.argv.slice(2);
const seed = intArg(argv, "seed", defaultSeed());
const count = intArg(argv, "count", 1_000_000);
const pathAt = argv.indexOf("--path");
const path =
  pathAt >= 0
    ? argv[pathAt + 1]
    : argv.find((a) => a.startsWith("--path="))?.slice("--path=".length);
const BATCH = 100_000;

const total: FuzzSummary = {
  fuzz: "protocol",
  seed,
  count: 0,
  framesDecoded: 0,
  errors: {},
  nonProtocolErrors: 0,
  maxCaseMs: 0,
  maxAllocBytes: 0,
  maxBufferedBytes: 0,
  elapsedMs: 0,
};

try {
  // Each batch has its own derived seed, so a failure names a batch seed that replays it alone;
  // with --path, the one batch of --seed is replayed along that path.
  for (let done = 0, batch = 0; done < count; batch++) {
    const n = path === undefined ? Math.min(BATCH, count - done) : count;
    const s =
      path === undefined
        ? runFuzz((seed + batch * 0x9e3779b1) >>> 0, n)
        : runFuzz(seed, n, path);
    done += n;
    total.count += s.count;
    total.framesDecoded += s.framesDecoded;
    for (const [code, k] of Object.entries(s.errors))
      total.errors[code] = (total.errors[code] ?? 0) + k;
    total.maxCaseMs = Math.max(total.maxCaseMs, s.maxCaseMs);
    total.maxAllocBytes = Math.max(total.maxAllocBytes, s.maxAllocBytes);
    total.maxBufferedBytes = Math.max(
      total.maxBufferedBytes,
      s.maxBufferedBytes,
    );
    total.elapsedMs += s.elapsedMs;
    console.log(
      `batch ${batch} (seed ${s.seed}): ${done}/${count} cases, ${s.elapsedMs} ms`,
    );
  }
  console.log(JSON.stringify({ ...total, ok: true }));
} catch (e) {
  console.error(e);
  console.log(JSON.stringify({ ...total, ok: false, failure: String(e) }));
  process.exitCode = 1;
}
