// `/register`: guarded by the `auth` middleware (signed-in users only).
import { createFileRoute } from "@tanstack/react-router";
import { runMiddleware } from "../../router/middleware";
import { RegisterPage } from "../../features/register/RegisterPage";

export const Route = createFileRoute("/{-$locale}/register")({
  beforeLoad: ({ context, location }) => {
    runMiddleware(["auth"], { context, location });
  },
  component: RegisterPage,
});
