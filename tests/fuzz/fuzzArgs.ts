// Command-line arguments of the long fuzz runs (`--seed 7 --count 20000` or `--seed=7`): every run
// prints its seed first so a failure can be replayed exactly.

/** A non-negative integer argument, or `fallback` when absent; throws on anything else. */
export function intArg(
  argv: readonly string[],
  name: string,
  fallback: number,
): number {
  const i = argv.indexOf(`--${name}`);
  const raw =
    i >= 0
      ? argv[i + 1]
      : argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0)
    throw new Error(`--${name} must be a non-negative integer, got ${raw}`);
  return n;
}

/** A fresh seed when none is given (31 bits, so it prints and replays as a plain number). */
export function defaultSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}
