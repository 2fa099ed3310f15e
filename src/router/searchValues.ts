// The checks of route params and search values: an integer in a range, one of a list, a string of
// bounded length, a pattern. Bad values become undefined; callers decide between dropping them
// and the 404 screen. Search values arrive JSON-parsed (TanStack Router): "7" may come as 7.
// NOTE: written out instead of zod/mini, which these checks were before: the route files sit in the
// first visit's entry, and zod/mini cost 4.8 kB of it brotli-compressed (of a 150 kB budget for
// everything `/` transfers before its largest paint, #20), for five kinds of check.

/** An integer within [min, max], from a number or a numeric string; else undefined. */
export function intIn(
  value: unknown,
  min: number,
  max: number,
): number | undefined {
  if (typeof value !== "number" && typeof value !== "string") return undefined;
  if (typeof value === "string" && value.trim() === "") return undefined;
  const number = Number(value);
  return Number.isInteger(number) && number >= min && number <= max
    ? number
    : undefined;
}

/** `value` when it is one of `list`; else undefined. */
export function oneOf<T extends string>(
  list: readonly T[],
  value: unknown,
): T | undefined {
  return (list as readonly unknown[]).includes(value)
    ? (value as T)
    : undefined;
}

/** A string (or a number, as text) of min..max characters; else undefined. */
export function textOf(
  value: unknown,
  min: number,
  max: number,
): string | undefined {
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  const text = String(value);
  return text.length >= min && text.length <= max ? text : undefined;
}

/** `value` when it is a string matching `pattern` (anchor it); else undefined. */
export function matching(pattern: RegExp, value: unknown): string | undefined {
  return typeof value === "string" && pattern.test(value) ? value : undefined;
}
