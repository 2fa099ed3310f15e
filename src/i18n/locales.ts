// The three interface locales, their HTML language tags, and the locale guard.
// Pure values only: no storage, no DOM.
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from "#contract";

// NOTE: re-exported, not copied: the server serves texts in the same locales (#contract).
export { DEFAULT_LOCALE, LOCALES, isLocale, type Locale };

export const HTML_LANG: Record<Locale, string> = {
  cn: "zh-CN",
  tw: "zh-TW",
  en: "en-US",
};

/** The URL prefix of a locale: the default locale has none. */
export function localeParam(locale: Locale): Exclude<Locale, "cn"> | undefined {
  return locale === "cn" ? undefined : locale;
}
