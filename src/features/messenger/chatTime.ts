// Dates and times of the messenger: the local day a message belongs to (day separators), the clock
// time on a bubble, and the short time of a conversation row. Pure: `now` and the locale come in.
import type { Locale } from "../../i18n/locales";
import {
  clockText,
  dateText,
  monthDayText,
  weekdayText,
} from "../../lib/dateText";

/** Words the caller translates (Lingui) and hands in. */
export interface RelativeDayLabels {
  readonly today: string;
  readonly yesterday: string;
}

const DAY_MS = 86_400_000;

/** The local calendar day of `ms`, e.g. `2026-11-21` (day separators compare these). */
export function dayKey(ms: number): string {
  const d = new Date(ms);
  const month = String(d.getMonth() + 1).padStart(2, "0");
  const day = String(d.getDate()).padStart(2, "0");
  return `${String(d.getFullYear())}-${month}-${day}`;
}

/** Whole local days from `ms` to `now` (0 today, 1 yesterday); negative for the future. */
export function daysAgo(ms: number, now: number): number {
  const start = (value: number) => {
    const d = new Date(value);
    return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  };
  return Math.round((start(now) - start(ms)) / DAY_MS);
}

/** `14:05` (24-hour clock in every locale). */
export function formatClock(ms: number): string {
  return clockText(new Date(ms));
}

function formatDate(ms: number, now: number, locale: Locale): string {
  const date = new Date(ms);
  return date.getFullYear() === new Date(now).getFullYear()
    ? monthDayText(date, locale)
    : dateText(date, locale);
}

/** The text of a day separator: today, yesterday, a weekday within the week, else the date. */
export function formatDayLabel(
  ms: number,
  now: number,
  locale: Locale,
  labels: RelativeDayLabels,
): string {
  const days = daysAgo(ms, now);
  if (days === 0) return labels.today;
  if (days === 1) return labels.yesterday;
  if (days > 1 && days < 7) return weekdayText(new Date(ms), locale, "long");
  return formatDate(ms, now, locale);
}

/** The time of a conversation row: the clock today, "yesterday", a weekday this week, else the date. */
export function formatListTime(
  ms: number,
  now: number,
  locale: Locale,
  labels: RelativeDayLabels,
): string {
  if (ms <= 0) return "";
  const days = daysAgo(ms, now);
  if (days <= 0) return formatClock(ms);
  if (days === 1) return labels.yesterday;
  if (days < 7) return weekdayText(new Date(ms), locale, "short");
  return formatDate(ms, now, locale);
}
