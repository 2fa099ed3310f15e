// Opening an admin page in the real app as a given role, for the admin pages' tests: resolves once
// the page's first heading shows and its skeleton is gone. Test support.
import { screen, waitFor } from "@testing-library/react";
import type { FakeApi } from "../../../support/ui/fakeApi";
import { renderApp, signIn } from "../../../support/ui/renderApp";
import { userWithRole } from "../desk/deskSupport";

export async function openAdminAs(
  api: FakeApi,
  role: "user" | "service" | "admin",
  path: string,
  heading = "管理后台",
) {
  api.accounts.user = userWithRole(role);
  signIn(api);
  const view = renderApp(path);
  // NOTE: the first visit of a page loads its chunks: slow on a busy machine.
  await screen.findByRole(
    "heading",
    { level: 1, name: heading },
    { timeout: 15_000 },
  );
  await waitFor(
    () => {
      expect(document.querySelector(".skeleton-page")).toBeNull();
    },
    { timeout: 15_000 },
  );
  return view;
}
