// The `Link` preload of a public page's first API call (#20): with the SPA shell of `/` or
// `/productDetails/<id>` the server names the call that page's loader makes (contract/pageData.ts),
// so the browser fetches the data while it downloads the app instead of after running it; the
// loader's fetch then takes the preloaded answer (Chromium reuses an `as=fetch` preload whose URL
// and credentials mode match). The locale is the tab's choice as far as the server can see it: the
// URL's locale segment, else the locale cookie, else the default (the tab also reads localStorage,
// which it keeps in step with the cookie). Pure: no I/O.
import {
  type ApiCall,
  DEFAULT_LOCALE,
  type Locale,
  apiSearch,
  homeCall,
  isLocale,
  productCall,
  readLocaleCookie,
} from "#contract";
import { API_PREFIX } from "./envelope";

/** A product id as the tab's route accepts it (src/router/params.ts). */
const PRODUCT_ID = /^[1-9][0-9]{0,9}$/;

/** The API call the page at `pathname` loads first, or undefined for pages without one. */
export function pageDataCall(
  pathname: string,
  cookieHeader: string | undefined,
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
  if (
    segments.length === 2 &&
    page === "productDetails" &&
    id !== undefined &&
    PRODUCT_ID.test(id)
  )
    return productCall(Number(id), locale);
  return undefined;
}

/** The `Link` value that preloads `call` (crossorigin: fetch()'s mode and credentials). */
export function pageDataLink(call: ApiCall): string {
  const search = apiSearch(call.query);
  const url = `${API_PREFIX}/${call.path}${search === "" ? "" : `?${search}`}`;
  return `<${url}>; rel=preload; as=fetch; crossorigin`;
}
