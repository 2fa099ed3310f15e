// `/order?masterOrderNo=`: one of my orders with its timeline and payment (signed-in), with the
// orders' catalog.
import { createFileRoute } from "@tanstack/react-router";
import { fetchOrder } from "../../api/commerce";
import { loadCatalogPart } from "../../i18n/activateLocale";
import { runMiddleware } from "../../router/middleware";
import { rethrowMissing } from "../../router/notFound";
import { requireOrderNo, validateOrderSearch } from "../../router/orderParams";
import { OrderPage } from "../../features/orders/OrderPage";

export const Route = createFileRoute("/{-$locale}/order")({
  validateSearch: validateOrderSearch,
  beforeLoad: ({ context, location, search }) => {
    runMiddleware(["auth"], { context, location });
    return { masterOrderNo: requireOrderNo(search) };
  },
  loaderDeps: ({ search }) => ({ masterOrderNo: search.masterOrderNo }),
  loader: async ({ context, abortController }) => {
    const [order] = await Promise.all([
      fetchOrder(context.masterOrderNo, context.locale, {
        signal: abortController.signal,
      }).catch(rethrowMissing),
      loadCatalogPart("orders"),
    ]);
    return order;
  },
  component: OrderPage,
});
