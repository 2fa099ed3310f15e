// The three interface locales, their HTML language tags, and the locale guard.
// Pure values only: no storage, no DOM.
import { DEFAULT_LOCALE, LOCALES, type Locale } from "#contract";

// NOTE: re-exported, not copied: the server serves texts in the same locales (#contract).
export { DEFAULT_LOCALE, LOCALES, type Locale };

export const HTML_LANG: Record<Locale, string> = {
  cn: "zh-CN",
  tw: "zh-TW",
  en: "en-US",
};

export function isLocale(value: unknown): value is Locale {
  return (
    typeof value === "string" && (LOCALES as readonly string[]).includes(value)
  );
}

/** The URL prefix of a locale: the default locale has none. */
export function localeParam(locale: Locale): Exclude<Locale, "cn"> | undefined {
  return locale === "cn" ? undefined : locale;
}
