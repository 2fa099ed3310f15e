// What the router tells the PWA layer after each resolved navigation: a route whose lazy chunk
// failed to load (stale build) gets the one-time reload; otherwise a waiting update may apply. The
// first one also says the first page is shown (the offline cache waits for it).
import type { AnyRouter } from "@tanstack/react-router";
import {
  installPreloadErrorGuard,
  reloadForChunkError,
} from "./chunkReloadGuard";

type NavigationListener = () => void;
let navigationListener: NavigationListener | null = null;

let markFirstPageShown: () => void = () => undefined;
/** Settles when the router has resolved its first page (the page, its error or the 404 screen). */
export const firstPageShown = new Promise<void>((resolve) => {
  markFirstPageShown = resolve;
});

/** Set by registerPwa: runs after every navigation that changed the path. */
export function onNavigation(listener: NavigationListener | null): void {
  navigationListener = listener;
}

/** Subscribes the PWA hooks to `router` (called once by createAppRouter). */
export function watchRouter(router: AnyRouter): void {
  if (typeof window !== "undefined")
    installPreloadErrorGuard(window, () =>
      router.state.isLoading ? router.latestLocation.href : null,
    );
  router.subscribe("onResolved", (event) => {
    markFirstPageShown();
    if (typeof window === "undefined") return;
    const failed = router.state.matches.find(
      (match) => match.status === "error",
    );
    if (failed !== undefined && reloadForChunkError(failed.error, window))
      return;
    if (event.fromLocation !== undefined && event.pathChanged)
      navigationListener?.();
  });
}
