// `/admin/audit?action=&actor=&page=`: the audit log, newest first.
import { createFileRoute } from "@tanstack/react-router";
import { loadCatalogPart } from "../../../i18n/activateLocale";
import { validateAuditSearch } from "../../../temple/admin/adminSearch";
import { AuditPage } from "../../../temple/admin/AuditPage";

export const Route = createFileRoute("/{-$locale}/admin/audit")({
  validateSearch: validateAuditSearch,
  loaderDeps: ({ search }) => ({
    action: search.action,
    actor: search.actor,
    page: search.page,
  }),
  loader: async ({ deps, abortController }) => {
    const [{ loadAudit }] = await Promise.all([
      import("../../../temple/admin/adminLoaders"),
      loadCatalogPart("temple"),
    ]);
    return loadAudit(deps, abortController.signal);
  },
  component: AuditPage,
});
