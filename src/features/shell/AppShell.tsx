// The app frame around every page: skip link, header, main (the page), bottom tab bar, toast.
import { Outlet } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { Header } from "./Header";
import { TabBar } from "./TabBar";
import { Toast } from "../toast/Toast";

export function AppShell() {
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        <Trans>跳到主要内容</Trans>
      </a>
      <Toast />
      <Header />
      <main id="main" className="shell-main" tabIndex={-1}>
        <Outlet />
      </main>
      <TabBar />
    </div>
  );
}
