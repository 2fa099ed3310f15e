// `/destiny`: guarded by the `auth` middleware (signed-in users only).
import { createFileRoute } from "@tanstack/react-router";
import { runMiddleware } from "../../router/middleware";
import { DestinyPage } from "../../features/destiny/DestinyPage";

export const Route = createFileRoute("/{-$locale}/destiny")({
  beforeLoad: ({ context, location }) => {
    runMiddleware(["auth"], { context, location });
  },
  component: DestinyPage,
});
