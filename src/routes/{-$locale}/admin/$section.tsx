// `/admin/applications|users|products|audit`: one section of the admin pages (its search: status,
// q, action, actor, edit, page). One route for them all keeps the first page's route tree small.
import { createFileRoute } from "@tanstack/react-router";
import { loadCatalogPart } from "../../../i18n/activateLocale";
import { throwNotFound } from "../../../router/notFound";
import {
  parseAdminSection,
  validateAdminSearch,
} from "../../../temple/admin/adminSearch";
import { AdminSection } from "../../../temple/admin/AdminSection";

export const Route = createFileRoute("/{-$locale}/admin/$section")({
  params: {
    parse: (raw) => ({
      section: parseAdminSection(raw.section) ?? throwNotFound("invalid"),
    }),
    stringify: ({ section }) => ({ section }),
  },
  validateSearch: validateAdminSearch,
  loaderDeps: ({ search }) => search,
  // NOTE: no cached page comes back: after a change (a product saved in the editor) the list it
  // returns to is read again, never shown as it was before.
  gcTime: 0,
  // NOTE: the admin's calls load with the page, not with the first page (its bundle budget).
  loader: async ({ params, deps, abortController }) => {
    const [{ loadSection }] = await Promise.all([
      import("../../../temple/admin/adminLoaders"),
      loadCatalogPart("temple"),
    ]);
    return loadSection(params.section, deps, abortController.signal);
  },
  component: AdminSection,
});
