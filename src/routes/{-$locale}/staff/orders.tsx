// `/staff/orders?queue=&page=&q=`: the order desk of service staff, monks and admins (signed-in; others
// see the "no access" screen). The open order is the child route below.
import { createFileRoute } from "@tanstack/react-router";
import { loadCatalogPart } from "../../../i18n/activateLocale";
import { runMiddleware } from "../../../router/middleware";
import { validateStaffSearch } from "../../../temple/desk/staffSearch";
import { StaffDeskPage } from "../../../temple/desk/StaffDeskPage";

export const Route = createFileRoute("/{-$locale}/staff/orders")({
  validateSearch: validateStaffSearch,
  beforeLoad: ({ context, location }) => {
    runMiddleware(["auth"], { context, location });
  },
  loaderDeps: ({ search }) => ({
    queue: search.queue,
    page: search.page,
    q: search.q,
  }),
  // NOTE: opening an order keeps the queue as it is; the refresh button and every move reload it.
  staleTime: 30_000,
  // NOTE: the desk's calls load with it, not with the first page (its initial bundle budget).
  loader: async ({ context, deps, abortController }) => {
    const [{ loadQueue }] = await Promise.all([
      import("../../../temple/desk/staffLoaders"),
      loadCatalogPart("temple"),
    ]);
    return loadQueue(deps, context.locale, abortController.signal);
  },
  component: StaffDeskPage,
});
