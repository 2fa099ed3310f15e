// /my/invite: my invite code with its link and QR code, my inviter or the form to bind one, and
// the way to the people I invited.
import { useLingui } from "@lingui/react/macro";
import { InviteCard } from "../invites/InviteCard";
import { MySubPage } from "./MySubPage";

export function MyInvitePage() {
  const { t } = useLingui();
  return (
    <MySubPage title={t`我的邀请`}>
      <InviteCard />
    </MySubPage>
  );
}
