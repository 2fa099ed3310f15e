// The per-locale text shape stored in jsonb columns, and picking one locale's value. The locales
// themselves are #contract's, re-exported here for the server's many users of this module.
// Pure helpers only: no database or HTTP code here.
import { DEFAULT_LOCALE, LOCALES, type Locale } from "#contract";

export { DEFAULT_LOCALE, LOCALES, type Locale };

/** A value kept once per locale, e.g. `{ cn: "灵隐寺", tw: "靈隱寺", en: "Lingyin Temple" }`. */
export type Localized<T = string> = Record<Locale, T>;

/** The requested locale's value. Every locale is required by the type, so there is no fallback. */
export function pick<T>(value: Localized<T>, locale: Locale): T {
  return value[locale];
}
