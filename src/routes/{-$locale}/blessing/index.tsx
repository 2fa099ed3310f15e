// `/blessing`: the public wall of blessings, newest first, paginated (?page=).
import { createFileRoute } from "@tanstack/react-router";
import { fetchBlessings } from "../../../api/blessings";
import { validatePageSearch } from "../../../router/params";
import { BlessingPage } from "../../../features/blessing/BlessingPage";

export const Route = createFileRoute("/{-$locale}/blessing/")({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, abortController }) =>
    fetchBlessings(
      { locale: context.locale, page: deps.page ?? 1 },
      { signal: abortController.signal },
    ),
  component: BlessingPage,
});
