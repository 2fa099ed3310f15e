// `/productDetails/orderConfirm/$id?option=`: placing an order for one service (signed-in; numeric
// id, else 404), starting with the option chosen on the product page. Loads the orders' catalog.
import { createFileRoute } from "@tanstack/react-router";
import { fetchProduct } from "../../../api/content";
import { loadCatalogPart } from "../../../i18n/activateLocale";
import { parseId } from "../../../router/params";
import { rethrowMissing } from "../../../router/notFound";
import { runMiddleware } from "../../../router/middleware";
import { validateOrderConfirmSearch } from "../../../router/orderParams";
import { OrderConfirmPage } from "../../../features/orders/OrderConfirmPage";

export const Route = createFileRoute(
  "/{-$locale}/productDetails/orderConfirm/$id",
)({
  params: {
    parse: (raw) => ({ id: parseId(raw.id) }),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  validateSearch: validateOrderConfirmSearch,
  beforeLoad: ({ context, location }) => {
    runMiddleware(["auth"], { context, location });
  },
  loader: async ({ context, params, abortController }) => {
    const [product] = await Promise.all([
      fetchProduct(params.id, context.locale, {
        signal: abortController.signal,
      }).catch(rethrowMissing),
      loadCatalogPart("orders"),
    ]);
    return product;
  },
  component: OrderConfirmPage,
});
