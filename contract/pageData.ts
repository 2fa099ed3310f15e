// The public API call a page's loader makes first, named once for both sides (#20): the tab's
// loaders make it through src/api, and the server names the same URL in the page's `Link` header
// as a preload (server/http/pageDataPreload.ts), so a first visit fetches the page's data beside
// the app's code instead of after it. Both build the query string with `apiSearch`, since a preload
// is only used when the URL matches to the byte.
import type { Locale } from "./locales";

export type QueryValue = string | number | boolean | undefined;

/** A GET of the API: its path below the API prefix and its query. */
export interface ApiCall {
  path: string;
  query: Readonly<Record<string, QueryValue>>;
}

/** One name or value, encoded as URLSearchParams does (application/x-www-form-urlencoded). */
function formEncode(text: string): string {
  return encodeURIComponent(text)
    .replace(
      /[!'()~]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    )
    .replace(/%20/g, "+");
}

/**
 * The query string of `query` without "?": undefined values left out, order kept, encoded as
 * `URLSearchParams` would (written out because the contract runs without DOM or Node types).
 */
export function apiSearch(query: Readonly<Record<string, QueryValue>>): string {
  return Object.entries(query)
    .filter(
      (entry): entry is [string, string | number | boolean] =>
        entry[1] !== undefined,
    )
    .map(([key, value]) => `${formEncode(key)}=${formEncode(String(value))}`)
    .join("&");
}

/**
 * How many product cards of a list start above the fold on a phone (two columns): their covers
 * load first, and the server preloads them with the home page.
 */
export const CARDS_ABOVE_FOLD = 2;

/** `/`: featured services, newest news, temples. */
export function homeCall(locale: Locale): ApiCall {
  return { path: "oapi/v1/home", query: { locale } };
}

/** A numeric id in a page's path, as the tab's routes accept it (else the 404 screen). */
export const ROUTE_ID = /^[1-9][0-9]{0,9}$/;

/** `/productDetails/$id`: one service with its options and monk. */
export function productCall(id: number, locale: Locale): ApiCall {
  return { path: `oapi/v1/products/${String(id)}`, query: { locale } };
}

/** Blessings per page of the wall (`/blessing`). */
export const BLESSINGS_PAGE_SIZE = 10;

/** `/blessing?page=`: one page of the blessing wall, newest first. */
export function blessingsCall(locale: Locale, page: number): ApiCall {
  return {
    path: "oapi/v1/blessings",
    query: { locale, page, pageSize: BLESSINGS_PAGE_SIZE },
  };
}

/** `/login`: the runtime configuration (which sign-in methods are on, the public URLs). */
export function configCall(): ApiCall {
  return { path: "oapi/v1/config", query: {} };
}
