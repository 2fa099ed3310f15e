// Wires the fetch client's 401 rule to the router: the user lands on /login?redirect=<here>.
import { setUnauthorizedHandler } from "../api/client";
import type { AppRouter } from "./createAppRouter";
import { loginTarget } from "./loginRedirect";

export function connectUnauthorized(router: AppRouter): void {
  setUnauthorizedHandler(() => {
    void router.navigate(loginTarget(router.state.location));
  });
}
