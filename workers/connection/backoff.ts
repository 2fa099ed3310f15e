// Reconnect delays: the SDK's fixed 3 s first, then capped exponential growth with jitter so a
// fleet of clients does not reconnect in lockstep. Pure: randomness comes in as a number.

/** First reconnect delay after a lost socket: the WuKongIM SDK's fixed 3 s (protocol §12, spec §9). */
export const RECONNECT_BASE_DELAY_MS = 3_000;
/** Each further failed attempt multiplies the nominal delay by this factor (3 s, 6 s, 12 s, …). */
export const RECONNECT_GROWTH_FACTOR = 2;
/** The nominal delay never exceeds this (reached at the 6th attempt: 3 s × 2⁵ = 96 s → 60 s). */
export const RECONNECT_MAX_DELAY_MS = 60_000;
/**
 * Jitter of attempts after the first: the delay is drawn in [(1 − ratio) × nominal, nominal], so it
 * never exceeds the cap. The first attempt has no jitter: it is exactly the SDK's 3 s.
 */
export const RECONNECT_JITTER_RATIO = 0.3;

/**
 * Delay before reconnect attempt `attempt` (0 for the first after a loss).
 * @param unitRandom a number in [0, 1) from the injected random source (see {@link nextRandom}).
 */
export function reconnectDelay(attempt: number, unitRandom: number): number {
  if (attempt <= 0) return RECONNECT_BASE_DELAY_MS;
  const nominal = Math.min(
    RECONNECT_MAX_DELAY_MS,
    RECONNECT_BASE_DELAY_MS * RECONNECT_GROWTH_FACTOR ** attempt,
  );
  const unit = Math.min(Math.max(unitRandom, 0), 1);
  return Math.round(nominal * (1 - RECONNECT_JITTER_RATIO * unit));
}

/**
 * One step of a seeded PRNG (mulberry32): returns a number in [0, 1) and the next seed. The
 * connection machine keeps the seed in its state, which keeps `transition` pure and tests repeatable;
 * the runner seeds it once from a real random source.
 */
export function nextRandom(seed: number): { value: number; seed: number } {
  const next = (seed + 0x6d2b79f5) >>> 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return { value: ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296, seed: next };
}
