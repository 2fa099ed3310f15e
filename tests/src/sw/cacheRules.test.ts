// The service worker's caching rules: which navigations fall back to the app shell and which
// requests each runtime cache takes (the behaviour the former generateSW configuration had).
import {
  IMAGE_CACHE,
  isContentImage,
  isLocaleChunk,
  isPublicContent,
  LOCALE_CACHE,
  NAVIGATE_FALLBACK_DENYLIST,
  PUBLIC_API_CACHE,
  type MatchInput,
} from "../../../src/sw/cacheRules";

const ORIGIN = "https://fuyuan.example";

function input(
  path: string,
  {
    destination = "",
    authorization = false,
    origin = ORIGIN,
  }: { destination?: string; authorization?: boolean; origin?: string } = {},
): MatchInput {
  return {
    url: new URL(path, origin),
    sameOrigin: origin === ORIGIN,
    request: {
      destination,
      headers: new Headers(authorization ? { authorization: "Bearer x" } : {}),
    },
  };
}

const denied = (path: string) =>
  NAVIGATE_FALLBACK_DENYLIST.some((pattern) => pattern.test(path));

describe("service worker caching rules", () => {
  it("answers app routes with the shell, never the API, socket, emulators, media or files", () => {
    for (const path of [
      "/",
      "/my",
      "/tw/destiny",
      "/productDetails/12",
      "/apiary",
    ])
      expect(denied(path), path).toBe(false);
    for (const path of [
      "/api",
      "/api/app/user/v1/info",
      "/api/docs",
      "/im",
      "/dev/outbox",
      "/media/abc",
      "/ws/x",
      "/sw.js",
      "/manifest.webmanifest",
      "/icons/icon-192.png?v=2",
    ])
      expect(denied(path), path).toBe(true);
  });

  it("caches the tw/en catalog chunks of this origin, cache first", () => {
    expect(isLocaleChunk(input("/assets/messages-CbIOH9bd.js"))).toBe(true);
    expect(isLocaleChunk(input("/assets/messages-CbIOH9bd.js.map"))).toBe(
      false,
    );
    expect(isLocaleChunk(input("/assets/index-BbVYvgth.js"))).toBe(false);
    expect(
      isLocaleChunk(
        input("/assets/messages-CbIOH9bd.js", {
          origin: "https://cdn.example",
        }),
      ),
    ).toBe(false);
    expect(LOCALE_CACHE).toMatchObject({
      cacheName: "fuyuan-locales",
      maxEntries: 8,
      maxAgeSeconds: 7_776_000,
      cacheableStatuses: null,
    });
  });

  it("caches content images under /images/ only when loaded as images", () => {
    expect(
      isContentImage(input("/images/temples/a.jpg", { destination: "image" })),
    ).toBe(true);
    expect(isContentImage(input("/images/temples/a.jpg"))).toBe(false);
    expect(
      isContentImage(input("/media/a.jpg", { destination: "image" })),
    ).toBe(false);
    expect(IMAGE_CACHE).toMatchObject({
      cacheName: "fuyuan-images",
      maxEntries: 200,
      maxAgeSeconds: 2_592_000,
      purgeOnQuotaError: true,
      cacheableStatuses: [200],
    });
  });

  it("keeps public content GETs stale-while-revalidate, never signed-in calls", () => {
    for (const path of [
      "/api/app/oapi/v1/home",
      "/api/app/oapi/v1/temples?page=1",
      "/api/app/oapi/v1/monks/7",
      "/api/app/oapi/v1/news/3",
      "/api/app/oapi/v1/products",
      "/api/app/oapi/v1/pages/about",
      "/api/app/oapi/v1/config",
    ])
      expect(isPublicContent(input(path)), path).toBe(true);
    expect(
      isPublicContent(input("/api/app/oapi/v1/home", { authorization: true })),
    ).toBe(false);
    for (const path of [
      "/api/app/oapi/v1/blessings",
      "/api/app/oapi/v1/homework",
      "/api/app/user/v1/info",
      "/api/app/push/v1/key",
    ])
      expect(isPublicContent(input(path)), path).toBe(false);
    expect(PUBLIC_API_CACHE).toMatchObject({
      cacheName: "fuyuan-public-api",
      maxEntries: 300,
      maxAgeSeconds: 604_800,
      purgeOnQuotaError: true,
      cacheableStatuses: [200],
    });
  });
});
