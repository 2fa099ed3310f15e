// Renders the real app (route tree, shell, i18n) at a path with a memory history. Test support.
import { cleanup, render } from "@testing-library/react";
import { I18nProvider } from "@lingui/react";
import { i18n } from "@lingui/core";
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { createAppRouter } from "../../src/router/createAppRouter";
import { connectUnauthorized } from "../../src/router/connectUnauthorized";
import { initI18n } from "../../src/i18n/activateLocale";
import { clearSession } from "../../src/state/session";

export function renderApp(path: string) {
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ history });
  connectUnauthorized(router);
  const view = render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return { router, history, ...view };
}

/** Unmounts, then restores cn, empty storage, no session, real fetch and console. */
export function resetApp() {
  cleanup();
  initI18n();
  localStorage.clear();
  document.cookie = "locale=; Max-Age=0; Path=/";
  clearSession();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
}
