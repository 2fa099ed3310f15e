// `/myOrder/inviteRecord?page=`: the people I invited (the whole tree for managers) and totals
// (signed-in).
import { createFileRoute } from "@tanstack/react-router";
import { fetchInviteRecords } from "../../../api/invites";
import { runMiddleware } from "../../../router/middleware";
import { validatePageSearch } from "../../../router/params";
import { InviteRecordPage } from "../../../features/invites/InviteRecordPage";

export const Route = createFileRoute("/{-$locale}/myOrder/inviteRecord")({
  validateSearch: validatePageSearch,
  beforeLoad: ({ context, location }) => {
    runMiddleware(["auth"], { context, location });
  },
  loaderDeps: ({ search }) => search,
  loader: ({ deps, abortController }) =>
    fetchInviteRecords(deps.page ?? 1, { signal: abortController.signal }),
  component: InviteRecordPage,
});
