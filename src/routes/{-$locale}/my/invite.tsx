// `/my/invite`: my invite code, link and QR code, my inviter or the form to bind one; guarded by
// the `auth` middleware (signed-in users only). Loads the
// /my pages' catalog.
import { createFileRoute } from "@tanstack/react-router";
import { loadCatalogPart } from "../../../i18n/activateLocale";
import { runMiddleware } from "../../../router/middleware";
import { MyInvitePage } from "../../../features/my/myPages";

export const Route = createFileRoute("/{-$locale}/my/invite")({
  beforeLoad: ({ context, location }) => {
    runMiddleware(["auth"], { context, location });
  },
  loader: async () => {
    await loadCatalogPart("my");
  },
  component: MyInvitePage,
});
