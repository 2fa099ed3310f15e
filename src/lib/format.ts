// Display formatting shared by pages: prices (fen → ¥ with two decimals) and dates.
// NOTE: each Intl formatter is made once per locale and kept: constructing one costs about a
// millisecond (ICU data lookup), which the home page's news list paid per row on its first render.
import { HTML_LANG, type Locale } from "../i18n/locales";

const groupedYuan = new Intl.NumberFormat("en-US");

function cachedFormat(
  options: Intl.DateTimeFormatOptions,
): (locale: Locale) => Intl.DateTimeFormat {
  const byLocale = new Map<Locale, Intl.DateTimeFormat>();
  return (locale) => {
    let format = byLocale.get(locale);
    if (format === undefined) {
      format = new Intl.DateTimeFormat(HTML_LANG[locale], options);
      byLocale.set(locale, format);
    }
    return format;
  };
}

const dateFormat = cachedFormat({
  year: "numeric",
  month: "short",
  day: "numeric",
});

const dateTimeFormat = cachedFormat({
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

/**
 * Formats an integer amount in fen as yuan with two decimals, using integer arithmetic.
 * @example formatPriceFen(12345) // "¥123.45"
 */
export function formatPriceFen(fen: number): string {
  if (!Number.isSafeInteger(fen)) {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- programming error
    throw new RangeError(`Price is not whole fen: ${String(fen)}`);
  }
  const sign = fen < 0 ? "-" : "";
  const abs = Math.abs(fen);
  const yuan = groupedYuan.format(Math.floor(abs / 100));
  const cents = String(abs % 100).padStart(2, "0");
  return `${sign}¥${yuan}.${cents}`;
}

/** Formats an ISO 8601 date for the locale (e.g. 2026年3月5日 / Mar 5, 2026). */
export function formatDate(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(locale).format(date);
}

/** Formats an ISO 8601 instant with date and time for the locale (e.g. 2026年3月5日 14:05). */
export function formatDateTime(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(locale).format(date);
}
