// `/services`: the catalogue of blessing services, by category, paginated (?category=&page=).
import { createFileRoute } from "@tanstack/react-router";
import { fetchProducts, PAGE_SIZES } from "../../api/content";
import { validateBlessingSearch } from "../../router/params";
import { ServicesPage } from "../../features/services/ServicesPage";

export const Route = createFileRoute("/{-$locale}/services")({
  validateSearch: validateBlessingSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, abortController }) =>
    fetchProducts(
      {
        locale: context.locale,
        category: deps.category,
        page: deps.page ?? 1,
        pageSize: PAGE_SIZES.products,
      },
      { signal: abortController.signal },
    ),
  component: ServicesPage,
});
