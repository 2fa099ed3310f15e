// `/my`: guarded by the `auth` middleware (signed-in users only); loads the page's catalog.
import { createFileRoute } from "@tanstack/react-router";
import { loadCatalogPart } from "../../../i18n/activateLocale";
import { runMiddleware } from "../../../router/middleware";
import { MyPage } from "../../../features/my/myPages";

export const Route = createFileRoute("/{-$locale}/my/")({
  beforeLoad: ({ context, location }) => {
    runMiddleware(["auth"], { context, location });
  },
  loader: async () => {
    await loadCatalogPart("my");
  },
  component: MyPage,
});
