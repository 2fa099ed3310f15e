// `/login`: the sign-in page with the methods the runtime config enables; `?redirect=` is where
// to go after.
import { createFileRoute } from "@tanstack/react-router";
import { getRuntimeConfig } from "../../api/runtimeConfig";
import { validateLoginSearch } from "../../router/params";
import { LoginPage } from "../../features/auth/LoginPage";

export const Route = createFileRoute("/{-$locale}/login")({
  validateSearch: validateLoginSearch,
  loader: () => getRuntimeConfig(),
  component: LoginPage,
});
