// `/admin/users?q=&page=`: find users, see and change their roles, ban them.
import { createFileRoute } from "@tanstack/react-router";
import { loadCatalogPart } from "../../../i18n/activateLocale";
import { validateUsersSearch } from "../../../temple/admin/adminSearch";
import { UsersPage } from "../../../temple/admin/UsersPage";

export const Route = createFileRoute("/{-$locale}/admin/users")({
  validateSearch: validateUsersSearch,
  loaderDeps: ({ search }) => ({ q: search.q, page: search.page }),
  loader: async ({ deps, abortController }) => {
    const [{ loadUsers }] = await Promise.all([
      import("../../../temple/admin/adminLoaders"),
      loadCatalogPart("temple"),
    ]);
    return loadUsers(deps, abortController.signal);
  },
  component: UsersPage,
});
