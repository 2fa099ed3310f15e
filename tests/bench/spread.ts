// The summary the benchmarks print for a set of timings: count, p50, p99, max and total (ms,
// rounded to 0.01). Pure.

export interface Spread {
  count: number;
  p50: number;
  p99: number;
  max: number;
  total: number;
}

/** The summary of `values` (all zero when there are none). */
export function spread(values: readonly number[]): Spread {
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) =>
    sorted.length === 0
      ? 0
      : (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ??
        0);
  const round = (n: number) => Number(n.toFixed(2));
  return {
    count: sorted.length,
    p50: round(at(0.5)),
    p99: round(at(0.99)),
    max: round(sorted.length === 0 ? 0 : (sorted[sorted.length - 1] ?? 0)),
    total: round(sorted.reduce((a, b) => a + b, 0)),
  };
}
