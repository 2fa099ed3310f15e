// `/staff/orders/$masterId`: one order in the desk's detail pane (numeric id, else 404; an order
// the caller may not handle says so in the pane).
import { createFileRoute } from "@tanstack/react-router";
import { loadCatalogPart } from "../../../i18n/activateLocale";
import { rethrowMissing } from "../../../router/notFound";
import { parseId } from "../../../router/params";
import { StaffOrderPane } from "../../../temple/desk/StaffOrderPane";

export const Route = createFileRoute("/{-$locale}/staff/orders/$masterId")({
  params: {
    parse: (raw) => ({ masterId: parseId(raw.masterId) }),
    stringify: ({ masterId }) => ({ masterId: String(masterId) }),
  },
  loader: async ({ context, params, abortController }) => {
    const [{ loadOrder }] = await Promise.all([
      import("../../../temple/desk/staffLoaders"),
      loadCatalogPart("temple"),
      // NOTE: the timeline's photo viewer is the orders' (src/features/orders/).
      loadCatalogPart("orders"),
    ]);
    return loadOrder(
      params.masterId,
      context.locale,
      abortController.signal,
    ).catch(rethrowMissing);
  },
  component: StaffOrderPane,
});
