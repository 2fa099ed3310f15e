// `/dynamicFamily`: the news feed, newest first, paginated (?page=).
import { createFileRoute } from "@tanstack/react-router";
import { fetchNews, PAGE_SIZES } from "../../api/content";
import { validatePageSearch } from "../../router/params";
import { DynamicFamilyPage } from "../../features/news/DynamicFamilyPage";

export const Route = createFileRoute("/{-$locale}/dynamicFamily")({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, abortController }) =>
    fetchNews(
      {
        locale: context.locale,
        page: deps.page ?? 1,
        pageSize: PAGE_SIZES.news,
      },
      { signal: abortController.signal },
    ),
  component: DynamicFamilyPage,
});
