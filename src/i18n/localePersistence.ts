// Where the chosen locale is remembered: localStorage `locale` and a `locale` cookie
// (365 days, SameSite=Lax). Resolution order: URL prefix > localStorage > cookie > cn.
import { LOCALE_COOKIE, readLocaleCookie } from "#contract";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales";

export const LOCALE_STORAGE_KEY = "locale";
export { LOCALE_COOKIE, readLocaleCookie };
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export interface LocaleSources {
  /** The locale prefix of the URL, or undefined when the URL has none. */
  url: Locale | undefined;
  /** The raw localStorage value (null when absent). */
  stored: string | null;
  /** The raw cookie value (undefined when absent). */
  cookie: string | undefined;
}

/**
 * Picks the locale: URL > localStorage > cookie > cn. A stored value that is present but not a
 * locale counts as cn (it is reset, not skipped), so a corrupted store never picks a locale.
 */
export function resolveLocale({ url, stored, cookie }: LocaleSources): Locale {
  if (url !== undefined) return url;
  if (stored !== null) return isLocale(stored) ? stored : DEFAULT_LOCALE;
  if (cookie !== undefined) return isLocale(cookie) ? cookie : DEFAULT_LOCALE;
  return DEFAULT_LOCALE;
}

export function buildLocaleCookie(locale: Locale): string {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- cookie syntax, not user-visible text
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${String(LOCALE_COOKIE_MAX_AGE_SECONDS)}; Path=/; SameSite=Lax`;
}

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    // NOTE: storage can throw (privacy modes, disabled storage); the cookie still works.
    return null;
  }
}

/** Writes the locale to localStorage and the cookie. */
export function persistLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // NOTE: see readStorage; the cookie below is the fallback.
  }
  document.cookie = buildLocaleCookie(locale);
}

/**
 * Resolves the locale for a URL locale prefix from the browser's stores, and resets
 * any invalid stored value to the result.
 */
export function resolveBrowserLocale(url: Locale | undefined): Locale {
  const stored = readStorage();
  const cookie = readLocaleCookie(document.cookie);
  const locale = resolveLocale({ url, stored, cookie });
  const invalid =
    (stored !== null && !isLocale(stored)) ||
    (cookie !== undefined && !isLocale(cookie));
  if (invalid) persistLocale(locale);
  return locale;
}
