// `/my/settings`: language, colour mode, notifications, the app (install, storage) and the legal
// pages; guarded by the `auth` middleware (signed-in users only).
import { createFileRoute } from "@tanstack/react-router";
import { runMiddleware } from "../../../router/middleware";
import { MySettingsPage } from "../../../features/my/myPages";

export const Route = createFileRoute("/{-$locale}/my/settings")({
  beforeLoad: ({ context, location }) => {
    runMiddleware(["auth"], { context, location });
  },
  component: MySettingsPage,
});
