// Reconnect delays: first exactly 3 s, exponential growth, cap, jitter bounds with a seeded source.
import { describe, expect, it } from "vitest";
import {
  RECONNECT_BASE_DELAY_MS,
  RECONNECT_GROWTH_FACTOR,
  RECONNECT_JITTER_RATIO,
  RECONNECT_MAX_DELAY_MS,
  nextRandom,
  reconnectDelay,
} from "../../../workers/connection/backoff";

function seeded(seed: number, n: number): number[] {
  const values: number[] = [];
  let s = seed;
  for (let i = 0; i < n; i += 1) {
    const r = nextRandom(s);
    values.push(r.value);
    s = r.seed;
  }
  return values;
}

describe("reconnectDelay", () => {
  it("waits exactly 3 s before the first reconnect, whatever the random draw", () => {
    expect(RECONNECT_BASE_DELAY_MS).toBe(3_000);
    for (const r of [0, 0.5, 0.999]) expect(reconnectDelay(0, r)).toBe(3_000);
  });

  it("grows by the factor per attempt (upper bound = nominal, random 0)", () => {
    const nominal = [1, 2, 3, 4].map((a) => reconnectDelay(a, 0));
    expect(nominal).toEqual([6_000, 12_000, 24_000, 48_000]);
    expect(nominal[1]! / nominal[0]!).toBe(RECONNECT_GROWTH_FACTOR);
  });

  it("is capped at 60 s, even after many attempts", () => {
    expect(RECONNECT_MAX_DELAY_MS).toBe(60_000);
    expect(reconnectDelay(5, 0)).toBe(60_000);
    expect(reconnectDelay(50, 0)).toBe(60_000);
    expect(reconnectDelay(10_000, 0)).toBe(60_000);
  });

  it("keeps seeded jitter within [(1 − ratio) × nominal, nominal]", () => {
    const draws = seeded(7, 2_000);
    for (const [i, r] of draws.entries()) {
      const attempt = 1 + (i % 8);
      const nominal = Math.min(
        RECONNECT_MAX_DELAY_MS,
        RECONNECT_BASE_DELAY_MS * RECONNECT_GROWTH_FACTOR ** attempt,
      );
      const d = reconnectDelay(attempt, r);
      expect(d).toBeGreaterThanOrEqual(
        Math.floor(nominal * (1 - RECONNECT_JITTER_RATIO)),
      );
      expect(d).toBeLessThanOrEqual(nominal);
    }
    const capped = draws.map((r) => reconnectDelay(9, r));
    // The jitter really spreads clients: the draws cover most of the allowed window.
    expect(Math.max(...capped) - Math.min(...capped)).toBeGreaterThan(
      0.9 * RECONNECT_JITTER_RATIO * RECONNECT_MAX_DELAY_MS,
    );
  });

  it("clamps an out-of-range random value into the window", () => {
    expect(reconnectDelay(2, -1)).toBe(12_000);
    expect(reconnectDelay(2, 5)).toBe(
      Math.round(12_000 * (1 - RECONNECT_JITTER_RATIO)),
    );
  });
});

describe("nextRandom", () => {
  it("is repeatable per seed, in [0, 1), and differs between seeds", () => {
    const a = seeded(123, 1_000);
    expect(seeded(123, 1_000)).toEqual(a);
    expect(seeded(124, 10)).not.toEqual(a.slice(0, 10));
    for (const v of a) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(1);
    }
    const mean = a.reduce((x, y) => x + y, 0) / a.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
  });
});
