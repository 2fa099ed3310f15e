// Entry: i18n, colour mode, the locale redirect for un-prefixed URLs, the router, the session
// (restore, refresh, other tabs), the shell's window listeners, the PWA layer (service worker,
// updates, offline), then the first render. Start-up runs in short tasks (#20): this module, the
// router, the wiring and React's sliced first render; the first page follows its skeleton
// (DeferFirstPage).
// NOTE: first, so the global styles come before every component's in the entry's stylesheet: a
// component's rule overrides a global one of the same specificity (with the home page in the
// entry, its `.news-row-cover` lost its width to the global `.img`).
import "./styles/global.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "@tanstack/react-router";
import { I18nProvider } from "@lingui/react";
import { i18n } from "@lingui/core";
import { initI18n } from "./i18n/activateLocale";
import { initialLocaleRedirect } from "./i18n/initialLocale";
import { createAppRouter, type AppRouter } from "./router/createAppRouter";
import { connectSession } from "./router/connectSession";
import { listenForNavigateMessages } from "./features/shell/navigateMessage";
import { registerPwa } from "./pwa/registerPwa";
import { nextTask } from "./lib/nextTask";
import { startPushLifecycle } from "./pwa/pushLifecycle";
import { PwaOverlays } from "./pwa/PwaOverlays";
import {
  applyColorMode,
  colorModeState,
  watchSystemColorScheme,
} from "./state/colorMode";

initI18n();
applyColorMode(colorModeState.mode);
watchSystemColorScheme();

const localeTarget = initialLocaleRedirect(window.location);
if (localeTarget !== undefined)
  window.history.replaceState(window.history.state, "", localeTarget);

/**
 * The app itself, in tasks of their own after this module's evaluation: on a phone the module and
 * the start were one task of 100 ms and more, and nothing could answer a tap meanwhile (#20).
 * `nextTask`, not a timer, so a tab opened in the background starts at once too. The router (its
 * route tree) is built in one task, the session, listeners, PWA layer and first render wired in the
 * next: in one they still held a phone (4× CPU) for 110 ms.
 */
function start(): void {
  const router = createAppRouter();
  nextTask(() => {
    connect(router);
  });
}

function connect(router: AppRouter): void {
  connectSession(router, window);
  listenForNavigateMessages(window);
  startPushLifecycle(window, (href) => void router.navigate({ href }));
  // NOTE: the entry chunk's URL carries its content hash, so it identifies the running build.
  registerPwa(new URL(import.meta.url).pathname);

  const container = document.getElementById("app");
  if (container === null) return;
  const root = createRoot(container);
  // NOTE: a transition, so React renders the first screen in slices and a tap is not kept waiting.
  startTransition(() => {
    root.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <RouterProvider router={router} />
          <PwaOverlays />
        </I18nProvider>
      </StrictMode>,
    );
  });
}

nextTask(start);
