// Builds the app's router: file routes, session context, intent preloading capped at four in
// flight, scroll restoration, the shared pending / error components, and the PWA navigation hook.
import { createRouter, type RouterHistory } from "@tanstack/react-router";
import { routeTree } from "../routeTree.gen";
import { session } from "../state/session";
import { PageSkeleton } from "../ui/PageSkeleton";
import { LoadError } from "../features/errors/LoadError";
import type { RouterContext } from "./RouterContext";
import { createLimiter, MAX_CONCURRENT_PRELOADS } from "./preloadLimiter";
import { watchRouter } from "../pwa/routeHooks";
import { parseSearch, stringifySearch } from "./searchCodec";

export interface AppRouterOptions {
  history?: RouterHistory;
  context?: RouterContext;
}

export function createAppRouter({
  history,
  context = { session },
}: AppRouterOptions = {}) {
  const router = createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context,
    parseSearch,
    stringifySearch,
    defaultPreload: "intent",
    scrollRestoration: true,
    defaultPendingComponent: PageSkeleton,
    defaultPendingMs: 150,
    defaultPendingMinMs: 300,
    defaultErrorComponent: LoadError,
  });
  const limiter = createLimiter(MAX_CONCURRENT_PRELOADS);
  const preload = router.preloadRoute.bind(router);
  // NOTE: TanStack Router has no preload cap; every intent preload goes through the limiter.
  router.preloadRoute = (options) => limiter.run(() => preload(options));
  // NOTE: lazy-chunk failures and waiting updates are handled after each navigation (src/pwa).
  watchRouter(router);
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
}
