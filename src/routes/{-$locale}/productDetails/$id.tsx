// `/productDetails/$id`: one blessing service with its options and monk (numeric id, else 404).
import { createFileRoute } from "@tanstack/react-router";
import { fetchProduct } from "../../../api/content";
import { parseId } from "../../../router/params";
import { rethrowMissing } from "../../../router/notFound";
import { ProductDetailsPage } from "../../../features/products/ProductDetailsPage";

export const Route = createFileRoute("/{-$locale}/productDetails/$id")({
  params: {
    parse: (raw) => ({ id: parseId(raw.id) }),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  loader: ({ context, params, abortController }) =>
    fetchProduct(params.id, context.locale, {
      signal: abortController.signal,
    }).catch(rethrowMissing),
  component: ProductDetailsPage,
});
