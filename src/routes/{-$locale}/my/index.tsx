// `/my`: guarded by the `auth` middleware (signed-in users only).
import { createFileRoute } from "@tanstack/react-router";
import { runMiddleware } from "../../../router/middleware";
import { MyPage } from "../../../features/my/myPages";

export const Route = createFileRoute("/{-$locale}/my/")({
  beforeLoad: ({ context, location }) => {
    runMiddleware(["auth"], { context, location });
  },
  component: MyPage,
});
