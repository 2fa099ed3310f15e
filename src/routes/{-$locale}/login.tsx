// `/login`: sign-in page (forms come with the login work); `?redirect=` is where to go after.
import { createFileRoute } from "@tanstack/react-router";
import { validateLoginSearch } from "../../router/params";
import { LoginPage } from "../../features/auth/LoginPage";

export const Route = createFileRoute("/{-$locale}/login")({
  validateSearch: validateLoginSearch,
  component: LoginPage,
});
