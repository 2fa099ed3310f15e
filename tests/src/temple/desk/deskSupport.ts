// Opening the order desk in the real app as a given role, for the desk's tests. Test support.
import { screen } from "@testing-library/react";
import type { UserInfo } from "../../../../src/api/accountTypes";
import type { FakeApi } from "../../../support/ui/fakeApi";
import { makeUser } from "../../../support/ui/fakeAccounts";
import { renderApp, signIn } from "../../../support/ui/renderApp";

export type Role = "user" | "service" | "monk" | "admin";

/** The signed-in user's info for `role` (`isAdmin` is #22's addition to user/v1/info). */
export function userWithRole(role: Role): UserInfo {
  const user = makeUser({
    isService: role === "service" ? 1 : 0,
    isMonk: role === "monk" ? 1 : 0,
  });
  return Object.assign(user, { isAdmin: role === "admin" ? 1 : 0 });
}

/** Signs in as `role` and opens `path`; resolves once the page's first heading shows. */
export async function openAs(
  api: FakeApi,
  role: Role,
  path: string,
  heading = "订单工作台",
) {
  api.accounts.user = userWithRole(role);
  signIn(api);
  const view = renderApp(path);
  await screen.findByRole("heading", { level: 1, name: heading });
  return view;
}
