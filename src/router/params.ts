// Route param and search parsing (searchValues.ts). A param that fails validation throws notFound(),
// so `/productDetails/abc` renders the 404 screen like an unknown path.
import { ROUTE_ID } from "#contract";
import { isLocale, type Locale } from "../i18n/locales";
import { PRODUCT_CATEGORIES, type ProductCategory } from "../api/types";
import { throwNotFound } from "./notFound";
import { intIn, matching, oneOf } from "./searchValues";

/** A positive integer id from a path segment, or notFound(). */
export function parseId(raw: string): number {
  if (matching(ROUTE_ID, raw) === undefined) throwNotFound("invalid");
  return Number(raw);
}

/**
 * The optional locale segment: absent → undefined (cn); a locale → that locale. Anything else is
 * a first segment that is not a route, so it is an unmatched path.
 */
export function parseLocaleSegment(
  raw: string | undefined,
): Locale | undefined {
  if (raw === undefined || raw === "") return undefined;
  if (isLocale(raw)) return raw;
  return throwNotFound("unmatched");
}

export interface PageSearch {
  page?: number | undefined;
}

export interface BlessingSearch extends PageSearch {
  category?: ProductCategory | undefined;
}

export interface LoginSearch {
  redirect?: string | undefined;
}

/** `?page=` for paginated lists: a positive integer, else undefined (the first page). */
export function parsePage(value: unknown): number | undefined {
  const page = intIn(value, 1, 10_000);
  return page === 1 ? undefined : page;
}

/** `?category=` of the blessing catalogue: a known category, else undefined (all). */
export function parseCategory(value: unknown): ProductCategory | undefined {
  return oneOf(PRODUCT_CATEGORIES, value);
}

/**
 * `?redirect=` after login: only a same-site path ("/…", never "//…"), else undefined.
 * Anything else would be an open redirect.
 */
export function parseRedirect(value: unknown): string | undefined {
  if (
    typeof value !== "string" ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.includes("\\")
  ) {
    return undefined;
  }
  return value;
}

export function validatePageSearch(
  search: Record<string, unknown>,
): PageSearch {
  return { page: parsePage(search.page) };
}

export function validateBlessingSearch(
  search: Record<string, unknown>,
): BlessingSearch {
  return {
    category: parseCategory(search.category),
    page: parsePage(search.page),
  };
}

export function validateLoginSearch(
  search: Record<string, unknown>,
): LoginSearch {
  return { redirect: parseRedirect(search.redirect) };
}
