// `/my/settings`: language, colour mode, notifications, the app (install, storage) and the legal
// pages; guarded by the `auth` middleware (signed-in users only). Loads the
// /my pages' catalog.
import { createFileRoute } from "@tanstack/react-router";
import { loadCatalogPart } from "../../../i18n/activateLocale";
import { runMiddleware } from "../../../router/middleware";
import { MySettingsPage } from "../../../features/my/myPages";

export const Route = createFileRoute("/{-$locale}/my/settings")({
  beforeLoad: ({ context, location }) => {
    runMiddleware(["auth"], { context, location });
  },
  loader: async () => {
    await loadCatalogPart("my");
  },
  component: MySettingsPage,
});
