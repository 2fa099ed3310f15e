// `/my/manager`: the manager application (its status or the form); guarded by the `auth`
// middleware (signed-in users only). Loads the
// /my pages' catalog.
import { createFileRoute } from "@tanstack/react-router";
import { loadCatalogPart } from "../../../i18n/activateLocale";
import { runMiddleware } from "../../../router/middleware";
import { MyManagerPage } from "../../../features/my/myPages";

export const Route = createFileRoute("/{-$locale}/my/manager")({
  beforeLoad: ({ context, location }) => {
    runMiddleware(["auth"], { context, location });
  },
  loader: async () => {
    await loadCatalogPart("my");
  },
  component: MyManagerPage,
});
