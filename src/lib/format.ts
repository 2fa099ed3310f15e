// Display formatting shared by pages: prices (fen → ¥ with two decimals) and dates.
// NOTE: no Intl here: the first Intl formatter a page builds loads ICU data (dateText.ts says more).
import type { Locale } from "../i18n/locales";
import { dateText, dateTimeText } from "./dateText";

/** `1234567` → `1,234,567`. */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ",");

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
  const yuan = grouped(Math.floor(abs / 100));
  const cents = String(abs % 100).padStart(2, "0");
  return `${sign}¥${yuan}.${cents}`;
}

/** Formats an ISO 8601 date for the locale (e.g. 2026年3月5日 / Mar 5, 2026). */
export function formatDate(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateText(date, locale);
}

/** Formats an ISO 8601 instant with date and time for the locale (e.g. 2026年3月5日 14:05). */
export function formatDateTime(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeText(date, locale);
}
