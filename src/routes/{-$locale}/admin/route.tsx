// `/admin`: the admin pages' frame (signed-in; anyone but an admin sees the "no access" screen).
// The sections are the child routes (/admin itself opens the first); the temple's catalog loads
// with it.
import { createFileRoute, redirect } from "@tanstack/react-router";
import { loadCatalogPart } from "../../../i18n/activateLocale";
import { runMiddleware } from "../../../router/middleware";
import { AdminLayout } from "../../../temple/admin/AdminLayout";

export const Route = createFileRoute("/{-$locale}/admin")({
  beforeLoad: ({ context, location, params }) => {
    runMiddleware(["auth"], { context, location });
    // NOTE: /admin opens its first section (a redirect here, not an index route: a smaller
    // first page).
    if (/\/admin\/?$/.test(location.pathname))
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack Router control flow
      throw redirect({
        to: "/{-$locale}/admin/$section",
        params: { locale: params.locale, section: "applications" },
        replace: true,
      });
  },
  loader: async () => {
    await loadCatalogPart("temple");
  },
  component: AdminLayout,
});
