// The locale named by the current URL (for links and API-facing values). Text follows Lingui's
// active locale, which is the same except while a catalog failed to load.
import { useParams } from "@tanstack/react-router";
import { DEFAULT_LOCALE, isLocale, localeParam, type Locale } from "./locales";

export function useRouteLocale(): Locale {
  const params: { locale?: unknown } = useParams({ strict: false });
  return isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
}

/** The `{-$locale}` param for links that stay in the current locale (undefined for cn). */
export function useLocaleParam(): ReturnType<typeof localeParam> {
  return localeParam(useRouteLocale());
}
