// `/callback`: the return from WeChat's OAuth (code, state, type) and, later, other external
// flows (`source=order`, masterId, masterOrderNo, id). The page reads the raw query itself.
import { createFileRoute } from "@tanstack/react-router";
import { CallbackPage } from "../../features/auth/CallbackPage";

export const Route = createFileRoute("/{-$locale}/callback")({
  component: CallbackPage,
});
