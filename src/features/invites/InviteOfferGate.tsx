// Loads the invite offer (InviteOffer.tsx, with its form and styles) only when there is an invite
// to offer: a `?invite=CODE` in the address or one remembered from an earlier visit. Nearly every
// first visit has none, so the offer's code stays out of the first page's bundle (#20).
import { lazy, Suspense } from "react";
import { useRouterState } from "@tanstack/react-router";
import { inviteInSearch, pendingInvite } from "./pendingInvite";

const InviteOffer = lazy(() =>
  import("./InviteOffer").then((module) => ({ default: module.InviteOffer })),
);

export function InviteOfferGate() {
  const searchStr = useRouterState({ select: (s) => s.location.searchStr });
  if (inviteInSearch(searchStr) === null && pendingInvite() === null)
    return null;
  return (
    <Suspense fallback={null}>
      <InviteOffer />
    </Suspense>
  );
}
