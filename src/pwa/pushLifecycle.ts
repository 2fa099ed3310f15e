// Web Push in the tab's life: a notification click the service worker hands to this window opens
// the conversation here (in this window's locale, without a reload); signing out drops this
// browser's subscription; a loaded user refreshes a live one (its texts follow the locale) once
// the first page has settled: it is never urgent, and a start-up should not pay for it (#20).
import { splitLocalePath, switchLocalePath } from "../i18n/localePath";
import { DEFAULT_LOCALE } from "../i18n/locales";
import { addSessionListener } from "../session/sessionListeners";
import { isPushOpenMessage } from "../sw/pushOpenMessage";
import { afterPageSettled } from "./afterPageSettled";
import { firstPageShown } from "./routeHooks";

/** The subscription code, loaded only when a session needs it (it is not part of the first page). */
const subscriptions = () =>
  Promise.all([import("./pushSubscription"), import("./pushApi")]);

/** The href a push-open message leads to in a window showing `pathname`. */
export function pushOpenHref(path: string, pathname: string): string {
  return switchLocalePath(
    path,
    splitLocalePath(pathname).locale ?? DEFAULT_LOCALE,
  );
}

/** Starts listening; returns the function that stops it. */
export function startPushLifecycle(
  target: Window & typeof globalThis,
  navigate: (href: string) => void,
): () => void {
  const container =
    "serviceWorker" in target.navigator ? target.navigator.serviceWorker : null;
  const onMessage = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (isPushOpenMessage(data))
      navigate(pushOpenHref(data.path, target.location.pathname));
  };
  container?.addEventListener("message", onMessage);
  const stopSession = addSessionListener({
    userLoaded: async () => {
      await afterPageSettled(target, firstPageShown);
      const [push, { pushApi }] = await subscriptions();
      await push.refreshPushSubscription(
        push.browserPushEnvironment(target),
        pushApi,
      );
    },
    signedOut: async ({ origin }) => {
      if (origin !== "local") return;
      const [push] = await subscriptions();
      await push.dropBrowserSubscription(push.browserPushEnvironment(target));
    },
  });
  return () => {
    container?.removeEventListener("message", onMessage);
    stopSession();
  };
}
