// Starts the session machinery of a tab: the fetch client's silent refresh, the proactive
// refresh timer, other tabs' changes, the start-up restore (retried while the server is
// unreachable), and a callback when the tab stops being signed in. Returns the stop function.
import { subscribe } from "valtio";
import { setTokenRefresher } from "../api/client";
import { session } from "../state/session";
import { applyOtherTabChange } from "./authSession";
import { listenToOtherTabs } from "./crossTab";
import { messengerSessionListener } from "../messenger/imHook";
import { restoreUntilReachable } from "./restoreUntilReachable";
import { addSessionListener } from "./sessionListeners";
import { keepTokenFresh, refreshAfterUnauthorized } from "./tokenRefresh";

export interface StartSessionOptions {
  target: Window;
  /** The server refused a proactive refresh: the session is over. */
  onExpired: () => void;
  /** isLoggedIn went from true to false (logout here or in another tab, expiry, failed restore). */
  onSignedOut: () => void;
}

export function startSession({
  target,
  onExpired,
  onSignedOut,
}: StartSessionOptions): () => void {
  setTokenRefresher(refreshAfterUnauthorized);
  let wasLoggedIn = session.isLoggedIn;
  const stopWatching = subscribe(session, () => {
    const loggedIn = session.isLoggedIn;
    if (wasLoggedIn && !loggedIn) onSignedOut();
    wasLoggedIn = loggedIn;
  });
  const stopTabs = listenToOtherTabs(target, applyOtherTabChange);
  const stopMessenger = addSessionListener(messengerSessionListener);
  const stopTimer = keepTokenFresh(onExpired);
  const stopRestore = restoreUntilReachable(target);
  return () => {
    stopRestore();
    setTokenRefresher(undefined);
    stopWatching();
    stopTabs();
    stopMessenger();
    stopTimer();
  };
}
