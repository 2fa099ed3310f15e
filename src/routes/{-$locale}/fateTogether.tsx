// `/fateTogether`: the `fate-together` page from the content API.
import { createFileRoute } from "@tanstack/react-router";
import { fetchStaticPage } from "../../api/content";
import { FateTogetherPage } from "../../features/pages/FateTogetherPage";

export const Route = createFileRoute("/{-$locale}/fateTogether")({
  loader: ({ context, abortController }) =>
    fetchStaticPage("fate-together", context.locale, {
      signal: abortController.signal,
    }),
  component: FateTogetherPage,
});
