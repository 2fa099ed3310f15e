// `/admin/applications?status=&page=`: manager applications by status, to approve or reject.
import { createFileRoute } from "@tanstack/react-router";
import { loadCatalogPart } from "../../../i18n/activateLocale";
import { validateApplicationsSearch } from "../../../temple/admin/adminSearch";
import { ApplicationsPage } from "../../../temple/admin/ApplicationsPage";

export const Route = createFileRoute("/{-$locale}/admin/applications")({
  validateSearch: validateApplicationsSearch,
  loaderDeps: ({ search }) => ({ status: search.status, page: search.page }),
  // NOTE: the admin's calls load with the page, not with the first page (its bundle budget).
  loader: async ({ deps, abortController }) => {
    const [{ loadApplications }] = await Promise.all([
      import("../../../temple/admin/adminLoaders"),
      loadCatalogPart("temple"),
    ]);
    return loadApplications(deps, abortController.signal);
  },
  component: ApplicationsPage,
});
