// The `Link` preload of a public page's first API call (#20): with the SPA shell of `/`,
// `/productDetails/<id>`, `/blessing` or `/login` the server names the call that page's loader
// makes (contract/pageData.ts), so the browser fetches the data while it downloads the app
// instead of after running it; the loader's fetch then takes the preloaded answer (Chromium
// reuses an `as=fetch` preload whose URL and credentials mode match). The locale is the tab's
// choice as far as the server can see it: the URL's locale segment, else the locale cookie, else
// the default (the tab also reads localStorage, which it keeps in step with the cookie). The
// images the page shows first (the covers of the home page's first cards, a product's cover) are
// preloaded too, named from the same answer, so the largest paint need not wait for the app to
// run and render before its image is requested. Pure: no I/O.
import {
  type ApiCall,
  CARDS_ABOVE_FOLD,
  DEFAULT_LOCALE,
  type Locale,
  apiSearch,
  blessingsCall,
  configCall,
  homeCall,
  isLocale,
  productCall,
  readLocaleCookie,
  ROUTE_ID,
} from "#contract";
import type { Home, Product } from "#contract/schemas";
import type { Static } from "typebox";
import { API_PREFIX } from "./envelope";

/**
 * The API call the page at `pathname` loads first, or undefined for pages without one. `search`
 * (the URL's query, "?…" or "") only matters to `/blessing`, preloaded for its first page alone:
 * its loader reads `?page=` through the router's codec, which the server does not copy.
 */
export function pageDataCall(
  pathname: string,
  cookieHeader: string | undefined,
  search = "",
): ApiCall | undefined {
  const segments = pathname.split("/").filter((part) => part !== "");
  const first = segments[0];
  let locale: Locale;
  if (first !== undefined && isLocale(first)) {
    locale = first;
    segments.shift();
  } else {
    const cookie = readLocaleCookie(cookieHeader ?? "");
    locale = cookie !== undefined && isLocale(cookie) ? cookie : DEFAULT_LOCALE;
  }
  if (segments.length === 0) return homeCall(locale);
  const [page, id] = segments;
  if (segments.length === 1 && page === "login") return configCall();
  if (segments.length === 1 && page === "blessing")
    return search === "" || search === "?"
      ? blessingsCall(locale, 1)
      : undefined;
  if (
    segments.length === 2 &&
    page === "productDetails" &&
    id !== undefined &&
    ROUTE_ID.test(id)
  )
    return productCall(Number(id), locale);
  return undefined;
}

/** The `Link` value that preloads `call` (crossorigin: fetch()'s mode and credentials). */
export function pageDataLink(call: ApiCall): string {
  return `<${apiUrlOf(call)}>; rel=preload; as=fetch; crossorigin`;
}

/** The API URL of `call`, as the tab's client builds it. */
export function apiUrlOf(call: ApiCall): string {
  const search = apiSearch(call.query);
  return `${API_PREFIX}/${call.path}${search === "" ? "" : `?${search}`}`;
}

/** An image path that can go into a Link header as it is: same-origin, plain characters. */
const PLAIN_PATH = /^\/(?!\/)[\w\-./~%]+$/;

type CoverPicker = (data: unknown) => unknown[];

/**
 * How the page of `call` names the images it shows first from its answer's `data`: the covers of
 * the home page's first cards, a product's cover; undefined for a page without covers.
 */
function coverPicker(call: ApiCall): CoverPicker | undefined {
  if (call.path === homeCall(DEFAULT_LOCALE).path)
    return (data) => {
      const featured = (data as Partial<Static<typeof Home>> | null)?.featured;
      return Array.isArray(featured)
        ? featured
            .slice(0, CARDS_ABOVE_FOLD)
            .map(
              (card: Partial<Static<typeof Home>["featured"][number]>) =>
                card.cover,
            )
        : [];
    };
  if (call.path.startsWith("oapi/v1/products/"))
    return (data) => [(data as Partial<Static<typeof Product>> | null)?.cover];
  return undefined;
}

/** Whether the page of `call` shows images first (home, product): only then is its answer read. */
export function showsImagesFirst(call: ApiCall): boolean {
  return coverPicker(call) !== undefined;
}

/**
 * The images the page of `call` shows first, from its answer's `data` (see coverPicker). Only
 * same-origin plain paths; anything else is skipped.
 */
export function firstImages(call: ApiCall, data: unknown): string[] {
  const images = coverPicker(call)?.(data) ?? [];
  return images.filter(
    (image): image is string =>
      typeof image === "string" && PLAIN_PATH.test(image),
  );
}

/** The `Link` value that preloads an image the page shows first, at the priority its <img> asks. */
export function imagePreloadLink(path: string): string {
  return `<${path}>; rel=preload; as=image; fetchpriority=high`;
}
