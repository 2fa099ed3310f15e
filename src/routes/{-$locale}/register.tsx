// `/register`: guarded by the `auth` middleware (signed-in users only); loads my fate sign-up.
import { createFileRoute } from "@tanstack/react-router";
import { fetchMyFateSignup } from "../../api/fate";
import { runMiddleware } from "../../router/middleware";
import { RegisterPage } from "../../features/register/RegisterPage";

export const Route = createFileRoute("/{-$locale}/register")({
  beforeLoad: ({ context, location }) => {
    runMiddleware(["auth"], { context, location });
  },
  loader: ({ abortController }) =>
    fetchMyFateSignup({ signal: abortController.signal }),
  component: RegisterPage,
});
