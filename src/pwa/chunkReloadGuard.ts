// Recovers a stale tab whose build was replaced: when a lazily loaded chunk is gone (vite's
// `vite:preloadError` during a navigation, a router lazy-load failure) it reloads once per path
// within 10 s, never in a loop.

export const CHUNK_RELOAD_WINDOW_MS = 10_000;
const KEY_PREFIX = "fuyuan-chunk-reload:";

/** True for the errors browsers raise when a dynamic import or a preloaded file cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message =
    error instanceof Error
      ? error.message
      : typeof error === "string"
        ? error
        : "";
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i.test(
    message,
  );
}

/**
 * Records a reload for `path` and returns true, unless one was already recorded within the window
 * (then false: the chunk is really missing and another reload would loop).
 */
export function claimChunkReload(
  path: string,
  storage: Pick<Storage, "getItem" | "setItem">,
  now: number = Date.now(),
): boolean {
  const key = KEY_PREFIX + path;
  const raw = storage.getItem(key);
  const last = raw === null ? Number.NaN : Number(raw);
  if (
    Number.isFinite(last) &&
    now - last >= 0 &&
    now - last < CHUNK_RELOAD_WINDOW_MS
  )
    return false;
  storage.setItem(key, String(now));
  return true;
}

export interface ChunkGuardEnv {
  readonly location: Pick<Location, "pathname" | "reload">;
  readonly sessionStorage: Pick<Storage, "getItem" | "setItem">;
}

/** Reloads the page for a chunk-load `error` when the guard allows; returns whether it did. */
export function reloadForChunkError(
  error: unknown,
  env: ChunkGuardEnv,
): boolean {
  if (!isChunkLoadError(error)) return false;
  if (!claimChunkReload(env.location.pathname, env.sessionStorage))
    return false;
  env.location.reload();
  return true;
}

/**
 * Handles `vite:preloadError` on `target` (the window) while a navigation is loading: loads the
 * destination (`navigationTarget()`, an href) from the server, once per path. An intent preload
 * (hover; no navigation) that fails is left alone: the navigation that needs the chunk fails later.
 */
export function installPreloadErrorGuard(
  target: Window,
  navigationTarget: () => string | null,
  env: ChunkGuardEnv & { readonly location: Pick<Location, "assign"> } = target,
): void {
  target.addEventListener("vite:preloadError", (event) => {
    const href = navigationTarget();
    if (href === null) return;
    const path = new URL(href, "http://x").pathname;
    // NOTE: handled either way, so TanStack Router's own reload-on-missing-module does not add a
    // second reload: after ours, the route shows its error screen instead.
    event.preventDefault();
    if (!claimChunkReload(path, env.sessionStorage)) {
      console.error("A chunk is still missing after a reload", path);
      return;
    }
    if (path === env.location.pathname) env.location.reload();
    else env.location.assign(href);
  });
}
