// Renders the real app (route tree, shell, i18n, session machinery) at a path with a memory
// history. Test support.
import { cleanup, render } from "@testing-library/react";
import { I18nProvider } from "@lingui/react";
import { i18n } from "@lingui/core";
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { createAppRouter } from "../../../src/router/createAppRouter";
import { connectSession } from "../../../src/router/connectSession";
import { initI18n } from "../../../src/i18n/activateLocale";
import { resetRuntimeConfig } from "../../../src/api/runtimeConfig";
import { clearSession, saveTokenPair } from "../../../src/state/session";
import { close as closeToast } from "../../../src/state/toast";
import { resetProfiles } from "../../../src/features/messenger/channelProfiles";
import type { FakeApi } from "./fakeApi";

let stopSession: (() => void) | undefined;
let lastRouter: ReturnType<typeof createAppRouter> | undefined;

/**
 * Clears the router's pending-UI timer (router-core keeps it in `_pending[3]`): left running, it
 * fires after the test file's DOM is gone and React fails with "window is not defined" (an
 * unhandled error that fails the run; seen once, from CallbackPage.test.tsx).
 */
function stopPendingTimer(router: typeof lastRouter): void {
  const pending = (router as { _pending?: unknown[] } | undefined)?._pending;
  if (Array.isArray(pending))
    clearTimeout(pending[3] as ReturnType<typeof setTimeout> | undefined);
}

export function renderApp(path: string) {
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ history });
  stopPendingTimer(lastRouter);
  lastRouter = router;
  stopSession?.();
  stopSession = connectSession(router, window);
  const view = render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return { router, history, ...view };
}

/** Stores a session the fake server knows, as a earlier login would have left it. */
export function signIn(api: FakeApi): void {
  saveTokenPair(api.accounts.issue());
}

/** Unmounts, then restores cn, empty storage, no session, real fetch and console. */
export function resetApp() {
  cleanup();
  stopPendingTimer(lastRouter);
  lastRouter = undefined;
  stopSession?.();
  stopSession = undefined;
  initI18n();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = "locale=; Max-Age=0; Path=/";
  clearSession();
  closeToast();
  resetProfiles();
  resetRuntimeConfig();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
}
