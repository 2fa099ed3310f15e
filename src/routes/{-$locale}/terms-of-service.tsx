// `/terms-of-service`: the `terms-of-service` page from the content API.
import { createFileRoute } from "@tanstack/react-router";
import { fetchStaticPage } from "../../api/content";
import { TermsOfServicePage } from "../../features/pages/TermsOfServicePage";

export const Route = createFileRoute("/{-$locale}/terms-of-service")({
  loader: ({ context, abortController }) =>
    fetchStaticPage("terms-of-service", context.locale, {
      signal: abortController.signal,
    }),
  component: TermsOfServicePage,
});
