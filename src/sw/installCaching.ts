// Registers the app's caching with Workbox, reproducing the former generateSW service worker:
// precache (the injected manifest) and outdated-cache clean-up, the app-shell navigation fallback,
// the three runtime caches of cacheRules.ts, and prompt-type updates (skipWaiting only when a tab
// sends {type: "SKIP_WAITING"}; no clientsClaim).
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import type { WorkboxPlugin } from "workbox-core/types";
import { ExpirationPlugin } from "workbox-expiration";
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import {
  CacheFirst,
  StaleWhileRevalidate,
  type StrategyOptions,
} from "workbox-strategies";
import {
  IMAGE_CACHE,
  isContentImage,
  isLocaleChunk,
  isPublicContent,
  LOCALE_CACHE,
  NAVIGATE_FALLBACK,
  NAVIGATE_FALLBACK_DENYLIST,
  PUBLIC_API_CACHE,
  type CacheRule,
} from "./cacheRules";

function strategyOptions(rule: CacheRule): StrategyOptions {
  const expiration = new ExpirationPlugin({
    maxEntries: rule.maxEntries,
    maxAgeSeconds: rule.maxAgeSeconds,
    ...(rule.purgeOnQuotaError ? { purgeOnQuotaError: true } : {}),
  });
  const plugins =
    rule.cacheableStatuses === null
      ? [expiration]
      : [
          expiration,
          new CacheableResponsePlugin({
            statuses: [...rule.cacheableStatuses],
          }),
        ];
  // NOTE: Workbox declares its plugins' optional callbacks as `T | undefined` properties, which
  // exactOptionalPropertyTypes does not accept as WorkboxPlugin; they are plugins all the same.
  return { cacheName: rule.cacheName, plugins: plugins as WorkboxPlugin[] };
}

export function installCaching(
  sw: ServiceWorkerGlobalScope,
  manifest: (PrecacheEntry | string)[],
): void {
  sw.addEventListener("message", (event) => {
    const data: unknown = event.data;
    if (
      typeof data === "object" &&
      data !== null &&
      (data as { type?: unknown }).type === "SKIP_WAITING"
    )
      void sw.skipWaiting();
  });
  precacheAndRoute(manifest);
  cleanupOutdatedCaches();
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL(NAVIGATE_FALLBACK), {
      denylist: [...NAVIGATE_FALLBACK_DENYLIST],
    }),
  );
  registerRoute(
    isLocaleChunk,
    new CacheFirst(strategyOptions(LOCALE_CACHE)),
    "GET",
  );
  registerRoute(
    isContentImage,
    new CacheFirst(strategyOptions(IMAGE_CACHE)),
    "GET",
  );
  registerRoute(
    isPublicContent,
    new StaleWhileRevalidate(strategyOptions(PUBLIC_API_CACHE)),
    "GET",
  );
}
