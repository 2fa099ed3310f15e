// The three content locales and the per-locale text shape stored in jsonb columns.
// Pure helpers only: no database or HTTP code here.

export const LOCALES = ["cn", "tw", "en"] as const;

export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "cn";

/** A value kept once per locale, e.g. `{ cn: "灵隐寺", tw: "靈隱寺", en: "Lingyin Temple" }`. */
export type Localized<T = string> = Record<Locale, T>;

/** The requested locale's value. Every locale is required by the type, so there is no fallback. */
export function pick<T>(value: Localized<T>, locale: Locale): T {
  return value[locale];
}
