// `/myOrder?status=&page=`: my orders, newest first, filtered by status (signed-in), with
// the orders' catalog.
import { createFileRoute } from "@tanstack/react-router";
import { fetchMyOrders } from "../../../api/commerce";
import { loadCatalogPart } from "../../../i18n/activateLocale";
import { runMiddleware } from "../../../router/middleware";
import {
  MY_ORDERS_PAGE_SIZE,
  validateMyOrdersSearch,
} from "../../../router/orderParams";
import { MyOrdersPage } from "../../../features/orders/MyOrdersPage";

export const Route = createFileRoute("/{-$locale}/myOrder/")({
  validateSearch: validateMyOrdersSearch,
  beforeLoad: ({ context, location }) => {
    runMiddleware(["auth"], { context, location });
  },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, abortController }) => {
    const [orders] = await Promise.all([
      fetchMyOrders(
        {
          status: deps.status,
          page: deps.page ?? 1,
          pageSize: MY_ORDERS_PAGE_SIZE,
          locale: context.locale,
        },
        { signal: abortController.signal },
      ),
      loadCatalogPart("orders"),
    ]);
    return orders;
  },
  component: MyOrdersPage,
});
