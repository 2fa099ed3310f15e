// Locale prefixes in URL paths: `/en/blessing`, `/tw/my`, and no prefix for cn.
// Pure string functions; the router and the locale switch build on them.
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales";

export interface LocalePath {
  /** The locale named by the first segment, or undefined when there is no locale prefix. */
  locale: Locale | undefined;
  /** The path without the locale prefix, always starting with "/". */
  rest: string;
}

/** Splits a pathname into its locale prefix (if the first segment is a locale) and the rest. */
export function splitLocalePath(pathname: string): LocalePath {
  const match = /^\/([^/?#]+)(.*)$/.exec(pathname);
  if (match?.[1] !== undefined && isLocale(match[1])) {
    const rest = match[2] ?? "";
    return { locale: match[1], rest: rest.startsWith("/") ? rest : `/${rest}` };
  }
  return {
    locale: undefined,
    rest: pathname.startsWith("/") ? pathname : `/${pathname}`,
  };
}

/** Adds the prefix of `locale` to a path that carries no locale prefix. */
export function withLocalePrefix(path: string, locale: Locale): string {
  const normalized = path.startsWith("/") ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return normalized;
  return normalized === "/" ? `/${locale}` : `/${locale}${normalized}`;
}

/**
 * Rewrites an href (path, search and hash) so that it shows the same page in `locale`.
 * @example switchLocalePath("/en/blessing?page=2", "tw") // "/tw/blessing?page=2"
 */
export function switchLocalePath(href: string, locale: Locale): string {
  const cut = href.search(/[?#]/);
  const pathname = cut === -1 ? href : href.slice(0, cut);
  const suffix = cut === -1 ? "" : href.slice(cut);
  const { rest } = splitLocalePath(pathname === "" ? "/" : pathname);
  return withLocalePrefix(rest, locale) + suffix;
}
