// The service worker's caching rules as data and match functions (house style 15): the
// navigation fallback with its denylist, and the three runtime caches. Pure: sw.ts registers them
// with Workbox exactly as the former generateSW configuration did.

/** The app shell every navigation falls back to (it is precached). */
export const NAVIGATE_FALLBACK = "/index.html";

/**
 * Navigations the shell must not answer: the API, the IM socket, the development emulators, stored
 * media, WebSockets, and any path whose last segment has a file extension.
 */
export const NAVIGATE_FALLBACK_DENYLIST: readonly RegExp[] = [
  /^\/api(\/|$)/,
  /^\/im(\/|$)/,
  /^\/dev(\/|$)/,
  /^\/media(\/|$)/,
  /^\/ws(\/|$)/,
  /\/[^/?]+\.[^/?]+(\?.*)?$/,
];

/** What a route's match function looks at (Workbox's RouteMatchCallbackOptions, narrowed). */
export interface MatchInput {
  url: URL;
  sameOrigin: boolean;
  request: {
    destination: string;
    headers: { has(name: string): boolean };
  };
}

export interface CacheRule {
  cacheName: string;
  maxEntries: number;
  maxAgeSeconds: number;
  purgeOnQuotaError: boolean;
  /** Only these statuses are cached (null: Workbox's default for the strategy). */
  cacheableStatuses: readonly number[] | null;
}

const DAY_SECONDS = 60 * 60 * 24;

/** The tw/en catalog chunks (kept out of the precache), cache first. */
export const LOCALE_CACHE: CacheRule = {
  cacheName: "fuyuan-locales",
  maxEntries: 8,
  maxAgeSeconds: 90 * DAY_SECONDS,
  purgeOnQuotaError: false,
  cacheableStatuses: null,
};

/** Content images under /images/, cache first. */
export const IMAGE_CACHE: CacheRule = {
  cacheName: "fuyuan-images",
  maxEntries: 200,
  maxAgeSeconds: 30 * DAY_SECONDS,
  purgeOnQuotaError: true,
  cacheableStatuses: [200],
};

/** Public content GETs, stale while revalidate. */
export const PUBLIC_API_CACHE: CacheRule = {
  cacheName: "fuyuan-public-api",
  maxEntries: 300,
  maxAgeSeconds: 7 * DAY_SECONDS,
  purgeOnQuotaError: true,
  cacheableStatuses: [200],
};

const PUBLIC_CONTENT_PATH =
  /^\/api\/app\/oapi\/v1\/(home|temples|monks|news|products|pages|config)(\/|$)/;

export function isLocaleChunk({ url, sameOrigin }: MatchInput): boolean {
  return sameOrigin && /^\/assets\/messages-[\w-]+\.js$/.test(url.pathname);
}

export function isContentImage({
  url,
  sameOrigin,
  request,
}: MatchInput): boolean {
  return (
    sameOrigin &&
    request.destination === "image" &&
    url.pathname.startsWith("/images/")
  );
}

/** Signed-in requests (an Authorization header) never reach a cache. */
export function isPublicContent({
  url,
  sameOrigin,
  request,
}: MatchInput): boolean {
  return (
    sameOrigin &&
    !request.headers.has("authorization") &&
    PUBLIC_CONTENT_PATH.test(url.pathname)
  );
}
