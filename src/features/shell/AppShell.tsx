// The app frame around every page: skip link, header, main (an invite offer, the page), bottom tab
// bar, toast; and the one place the unread count reaches the tab badge, the document title and
// the app badge.
import { Outlet } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { Header } from "./Header";
import { TabBar } from "./TabBar";
import { Toast } from "../toast/Toast";
import { InviteOfferGate } from "../invites/InviteOfferGate";
import { useUnreadIndicators } from "./unreadIndicators";
import { useUnreadTotal } from "./useUnreadTotal";
import { DeferFirstPage } from "../../ui/DeferFirstPage";

export function AppShell() {
  const unread = useUnreadTotal();
  useUnreadIndicators(unread);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        <Trans>跳到主要内容</Trans>
      </a>
      <Toast />
      <Header />
      <main id="main" className="shell-main" tabIndex={-1}>
        <DeferFirstPage>
          <InviteOfferGate />
          <Outlet />
        </DeferFirstPage>
      </main>
      <TabBar unread={unread} />
    </div>
  );
}
