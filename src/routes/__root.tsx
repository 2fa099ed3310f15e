// Root route: the app shell (header, main, tab bar, toast) and the 404 screen for unmatched paths.
import { createRootRouteWithContext } from "@tanstack/react-router";
import type { RouterContext } from "../router/RouterContext";
import { AppShell } from "../features/shell/AppShell";
import { NotFoundScreen } from "../features/errors/NotFoundScreen";

export const Route = createRootRouteWithContext<RouterContext>()({
  component: AppShell,
  notFoundComponent: NotFoundScreen,
});
