// Dates and times of the messenger: the local day a message belongs to (day separators), the clock
// time on a bubble, and the short time of a conversation row. Pure: `now` and the locale come in.
import { HTML_LANG, type Locale } from "../../i18n/locales";

/** Words the caller translates (Lingui) and hands in. */
export interface RelativeDayLabels {
  readonly today: string;
  readonly yesterday: string;
}

const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One Intl.DateTimeFormat per locale and style: building one costs far more than using it. */
function formatter(
  locale: Locale,
  style: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${style}`;
  let format = formatters.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(HTML_LANG[locale], options);
    formatters.set(key, format);
  }
  return format;
}

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
export function formatClock(ms: number, locale: Locale): string {
  return formatter(locale, "clock", {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(ms);
}

function formatDate(ms: number, now: number, locale: Locale): string {
  const sameYear = new Date(ms).getFullYear() === new Date(now).getFullYear();
  return formatter(locale, sameYear ? "date" : "dateYear", {
    ...(sameYear ? {} : { year: "numeric" }),
    month: "short",
    day: "numeric",
  }).format(ms);
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
  if (days > 1 && days < 7)
    return formatter(locale, "weekday", { weekday: "long" }).format(ms);
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
  if (days <= 0) return formatClock(ms, locale);
  if (days === 1) return labels.yesterday;
  if (days < 7)
    return formatter(locale, "weekdayShort", { weekday: "short" }).format(ms);
  return formatDate(ms, now, locale);
}
