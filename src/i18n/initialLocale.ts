// At start-up an un-prefixed URL opens in the remembered locale (URL > localStorage > cookie > cn):
// returns the prefixed address to replace the current one with, or undefined to stay.
import { resolveBrowserLocale } from "./localePersistence";
import { splitLocalePath, withLocalePrefix } from "./localePath";

export function initialLocaleRedirect(
  location: Pick<Location, "pathname" | "search" | "hash">,
): string | undefined {
  const { locale: urlLocale, rest } = splitLocalePath(location.pathname);
  const locale = resolveBrowserLocale(urlLocale);
  if (urlLocale !== undefined || locale === "cn") return undefined;
  return withLocalePrefix(rest, locale) + location.search + location.hash;
}
