// `/admin`: the admin pages' frame (signed-in; anyone but an admin sees the "no access" screen).
// The sections are the child routes; the temple's catalog loads with it.
import { createFileRoute } from "@tanstack/react-router";
import { loadCatalogPart } from "../../../i18n/activateLocale";
import { runMiddleware } from "../../../router/middleware";
import { AdminLayout } from "../../../temple/admin/AdminLayout";

export const Route = createFileRoute("/{-$locale}/admin")({
  beforeLoad: ({ context, location }) => {
    runMiddleware(["auth"], { context, location });
  },
  loader: async () => {
    await loadCatalogPart("temple");
  },
  component: AdminLayout,
});
