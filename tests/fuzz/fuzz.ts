// `npm run fuzz`: the long fuzz runs one after the other, REST (tests/fuzz/restFuzz.ts, --count,
// default 20,000 requests) then the gateway (tests/fuzz/gatewayFuzz.ts, --frames, default 100,000),
// with one --seed for both (printed first). Each prints its JSON summary line; exits 1 if either
// found a failure.
import { defaultSeed, intArg } from "./fuzzArgs";
import { gatewayFuzzMain } from "./gatewayFuzz";
import { restFuzzMain } from "./restFuzz";

const argv = process.argv.slice(2);
const seed = String(intArg(argv, "seed", defaultSeed()));
const withSeed = [
  ...argv.filter(
    (a, i) =>
      a !== "--seed" && argv[i - 1] !== "--seed" && !a.startsWith("--seed="),
  ),
  "--seed",
  seed,
];
console.log(`fuzz: seed ${seed}`);
const rest = await restFuzzMain(withSeed);
const gateway = await gatewayFuzzMain(withSeed);
if (!rest.ok || !gateway.ok) process.exitCode = 1;
