// Wires the fetch client's 401 rule to the router: a final 401 (or a refused refresh) clears the
// session and lands the user on /login?redirect=<here> (a user already on /login stays there).
import { setUnauthorizedHandler } from "../api/client";
import { splitLocalePath } from "../i18n/localePath";
import { expireSession } from "../session/authSession";
import type { AppRouter } from "./createAppRouter";
import { loginTarget } from "./loginRedirect";

export function endSessionAndLogin(router: AppRouter): void {
  expireSession();
  const location = router.state.location;
  if (splitLocalePath(location.pathname).rest === "/login") return;
  void router.navigate(loginTarget(location));
}

export function connectUnauthorized(router: AppRouter): void {
  setUnauthorizedHandler(() => {
    endSessionAndLogin(router);
  });
}
