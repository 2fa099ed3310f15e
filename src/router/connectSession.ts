// Connects the session machinery to the router: the 401 handler, the refresh timer's expiry, and
// re-checking route guards when the tab stops being signed in (so a guarded page is left when
// another tab logs out). Returns the function that stops it.
import { startSession } from "../session/startSession";
import type { AppRouter } from "./createAppRouter";
import { connectUnauthorized, endSessionAndLogin } from "./connectUnauthorized";

export function connectSession(router: AppRouter, target: Window): () => void {
  connectUnauthorized(router);
  return startSession({
    target,
    onExpired: () => {
      endSessionAndLogin(router);
    },
    onSignedOut: () => {
      void router.invalidate();
    },
  });
}
