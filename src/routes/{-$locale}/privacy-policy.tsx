// `/privacy-policy`: the `privacy-policy` page from the content API.
import { createFileRoute } from "@tanstack/react-router";
import { fetchStaticPage } from "../../api/content";
import { PrivacyPolicyPage } from "../../features/pages/PrivacyPolicyPage";

export const Route = createFileRoute("/{-$locale}/privacy-policy")({
  loader: ({ context, abortController }) =>
    fetchStaticPage("privacy-policy", context.locale, {
      signal: abortController.signal,
    }),
  component: PrivacyPolicyPage,
});
