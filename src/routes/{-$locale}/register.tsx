// `/register`: guarded by the `auth` middleware (signed-in users only); loads my fate sign-up
// and the page's catalog.
import { createFileRoute } from "@tanstack/react-router";
import { fetchMyFateSignup } from "../../api/fate";
import { loadCatalogPart } from "../../i18n/activateLocale";
import { runMiddleware } from "../../router/middleware";
import { FateTogetherPage } from "../../features/fateTogether/FateTogetherPage";

export const Route = createFileRoute("/{-$locale}/register")({
  beforeLoad: ({ context, location }) => {
    runMiddleware(["auth"], { context, location });
  },
  loader: async ({ abortController }) => {
    const [signup] = await Promise.all([
      fetchMyFateSignup({ signal: abortController.signal }),
      loadCatalogPart("fate"),
    ]);
    return signup;
  },
  component: FateTogetherPage,
});
