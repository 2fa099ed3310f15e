// Long fuzz run of the protocol decoders: `npm run fuzz:protocol -- --seed 7 --count 2000000`.
// Prints progress per batch and, as the last line, one JSON summary. Exits 1 on the first failure.
import { runFuzz, type FuzzSummary } from "../support/protocol/fuzz";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const raw =
    i >= 0
      ? process.argv[i + 1]
      : process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0)
    throw new Error(`--${name} must be a non-negative integer, got ${raw}`);
  return n;
}

const seed = arg("seed", Date.now() % 2 ** 31);
const count = arg("count", 1_000_000);
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
  // Each batch has its own derived seed, so a failure names a batch seed that replays it alone.
  for (let done = 0, batch = 0; done < count; batch++) {
    const n = Math.min(BATCH, count - done);
    const s = runFuzz((seed + batch * 0x9e3779b1) >>> 0, n);
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
