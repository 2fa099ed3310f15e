// Seeded fuzz run for CI (§3 robustness): ≥100,000 random and mutated frames; only ProtocolError,
// no hang, no allocation beyond the cap. Longer runs: `npm run fuzz:protocol -- --seed N --count M`.
import { MAX_FRAME_BYTES } from "#protocol";
import { runFuzz } from "../../support/protocol/fuzz";

const SEED = Number(process.env.FUZZ_SEED ?? 20251121);
const COUNT = 100_000;

test(`fuzz: ${COUNT} cases from seed ${SEED} throw only ProtocolError and stay within the cap`, () => {
  const s = runFuzz(SEED, COUNT);
  expect(s.count).toBe(COUNT);
  expect(s.nonProtocolErrors).toBe(0);
  expect(s.maxAllocBytes).toBeLessThanOrEqual(MAX_FRAME_BYTES + 5);
  expect(s.maxBufferedBytes).toBeLessThanOrEqual(MAX_FRAME_BYTES + 5);
  expect(s.maxCaseMs).toBeLessThan(1000); // no case comes near hanging
  // the run reaches every decode failure class, and plenty of frames get through
  for (const code of [
    "TRUNCATED",
    "TOO_LARGE",
    "BAD_LENGTH",
    "BAD_TYPE",
    "BAD_UTF8",
    "TRAILING_BYTES",
  ]) {
    expect(s.errors[code] ?? 0).toBeGreaterThan(0);
  }
  expect(s.framesDecoded).toBeGreaterThan(COUNT / 2);
  console.log(JSON.stringify(s));
}, 120_000); // ~25 s alone; a loaded 2-core machine has needed over 60 s
