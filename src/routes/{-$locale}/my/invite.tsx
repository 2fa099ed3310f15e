// `/my/invite`: my invite code, link and QR code, my inviter or the form to bind one; guarded by
// the `auth` middleware (signed-in users only).
import { createFileRoute } from "@tanstack/react-router";
import { runMiddleware } from "../../../router/middleware";
import { MyInvitePage } from "../../../features/my/myPages";

export const Route = createFileRoute("/{-$locale}/my/invite")({
  beforeLoad: ({ context, location }) => {
    runMiddleware(["auth"], { context, location });
  },
  component: MyInvitePage,
});
