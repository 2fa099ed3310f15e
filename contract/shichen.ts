// The twelve traditional double hours (时辰) and the clock hours they cover: 子时 is 23:00–00:59,
// 丑时 01:00–02:59, … 亥时 21:00–22:59. A birth hour is stored as a clock hour 0–23 (or null when
// unknown); a 时辰 chosen on a form is stored as its first hour. Pure: used by the server (the
// sign-up notice) and the client (the fate-together form).

/** The earthly branches naming the 时辰, in order from 子 (around midnight). */
export const SHICHEN_BRANCHES = [
  "子",
  "丑",
  "寅",
  "卯",
  "辰",
  "巳",
  "午",
  "未",
  "申",
  "酉",
  "戌",
  "亥",
] as const;

/** One of the {@link SHICHEN_BRANCHES}. */
export type ShichenBranch = (typeof SHICHEN_BRANCHES)[number];

/**
 * The 时辰 a clock hour falls in.
 * @example shichenOfHour(23) // "子"
 * @example shichenOfHour(0) // "子"
 * @example shichenOfHour(13) // "未"
 */
export function shichenOfHour(hour: number): ShichenBranch {
  if (!Number.isInteger(hour) || hour < 0 || hour > 23)
    throw new RangeError(`not a clock hour: ${String(hour)}`);
  const branch = SHICHEN_BRANCHES[Math.floor((hour + 1) / 2) % 12];
  if (branch === undefined) throw new RangeError("unreachable");
  return branch;
}

/**
 * The first clock hour of a 时辰: what a form stores for it.
 * @example firstHourOf("子") // 23
 * @example firstHourOf("丑") // 1
 */
export function firstHourOf(branch: ShichenBranch): number {
  return (SHICHEN_BRANCHES.indexOf(branch) * 2 + 23) % 24;
}

/**
 * The clock times a 时辰 covers, as "HH:MM–HH:MM".
 * @example shichenRange("子") // "23:00–00:59"
 */
export function shichenRange(branch: ShichenBranch): string {
  const first = firstHourOf(branch);
  const two = (hour: number) => String(hour).padStart(2, "0");
  return `${two(first)}:00–${two((first + 1) % 24)}:59`;
}
