// Local dates and times as text in our three locales, written out instead of Intl.DateTimeFormat.
// NOTE: why not Intl: the first Intl.DateTimeFormat or NumberFormat a page builds loads ICU's
// locale data, measured at 124–223 ms of main thread in Chromium at Lighthouse's 4× CPU slowdown
// (30–55 ms unthrottled here). The home page and the chat list paid it inside their first render's
// long task. Our patterns are few and fixed, and the tests check every one against Intl over random
// dates. Writing them out also mends Intl's `hour12: false`, which shows 00:05 as "24:05" in en-US
// and zh-TW.
/* eslint-disable lingui/no-unlocalized-strings -- CLDR's month and weekday names per locale, chosen
   by locale code like Intl's own data, not messages for the catalogs */
import type { Locale } from "../i18n/locales";

const EN_MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

const ZH_WEEKDAYS = [
  "星期日",
  "星期一",
  "星期二",
  "星期三",
  "星期四",
  "星期五",
  "星期六",
];

const WEEKDAYS: Record<Locale, { long: string[]; short: string[] }> = {
  cn: {
    long: ZH_WEEKDAYS,
    short: ["周日", "周一", "周二", "周三", "周四", "周五", "周六"],
  },
  tw: {
    long: ZH_WEEKDAYS,
    short: ["週日", "週一", "週二", "週三", "週四", "週五", "週六"],
  },
  en: {
    long: [
      "Sunday",
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
    ],
    short: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
  },
};

const two = (n: number) => String(n).padStart(2, "0");

/** `3月5日` / `Mar 5`. */
export function monthDayText(date: Date, locale: Locale): string {
  const month = date.getMonth();
  const day = String(date.getDate());
  return locale === "en"
    ? `${EN_MONTHS[month] ?? ""} ${day}`
    : `${String(month + 1)}月${day}日`;
}

/** `2026年3月5日` / `Mar 5, 2026`. */
export function dateText(date: Date, locale: Locale): string {
  const year = String(date.getFullYear());
  return locale === "en"
    ? `${monthDayText(date, locale)}, ${year}`
    : `${year}年${monthDayText(date, locale)}`;
}

/** `14:05`: a 24-hour clock in every locale, midnight `00:05`. */
export function clockText(date: Date): string {
  return `${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** `2026年3月5日 14:05` / `Mar 5, 2026, 14:05`. */
export function dateTimeText(date: Date, locale: Locale): string {
  return `${dateText(date, locale)}${locale === "en" ? ", " : " "}${clockText(date)}`;
}

/** `星期四` / `Thursday` (long), `周四` / `週四` / `Thu` (short). */
export function weekdayText(
  date: Date,
  locale: Locale,
  width: "long" | "short",
): string {
  return WEEKDAYS[locale][width][date.getDay()] ?? "";
}
