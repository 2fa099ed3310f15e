// /my (signed-in users): profile, phone binding when no phone is bound, links to my orders and
// the fate sign-up, invitations, the manager application, language and colour mode, the legal pages, and signing out. Shows a placeholder until the user info has loaded.
import { useRef } from "react";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSnapshot } from "valtio";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { session } from "../../state/session";
import { usePageTitle } from "../../ui/usePageTitle";
import { ChevronRightIcon } from "../../ui/icons";
import { ContactServiceButton } from "../chatEntry/ContactServiceButton";
import { BindPhoneForm } from "./BindPhoneForm";
import { ManagerCard } from "./ManagerCard";
import { InviteCard } from "../invites/InviteCard";
import { ProfileCard } from "./ProfileCard";
import { PushCard } from "./PushCard";
import { SettingsCard } from "./SettingsCard";
import { AppCard } from "./AppCard";
import { SignOutCard } from "./SignOutCard";
import "../../ui/field.css";
import "./my.css";

export function MyPage() {
  const { t } = useLingui();
  const locale = useLocaleParam();
  const { user } = useSnapshot(session);
  const headingRef = useRef<HTMLHeadingElement>(null);
  usePageTitle(t`我的`);

  return (
    <div className="page my-page">
      <header className="page-head">
        <h1 ref={headingRef} tabIndex={-1}>
          <Trans>我的</Trans>
        </h1>
      </header>
      {user === null ? (
        <div className="card profile-card" aria-busy="true">
          <span className="avatar profile-avatar skeleton" />
          <div className="profile-main">
            <p className="visually-hidden" role="status">
              <Trans>正在加载账户信息…</Trans>
            </p>
            <div className="skeleton skeleton-line" />
            <div className="skeleton skeleton-line short" />
          </div>
        </div>
      ) : (
        <>
          <ProfileCard user={user} />
          {user.phone === null ? (
            <BindPhoneForm
              onBound={() => {
                headingRef.current?.focus();
              }}
            />
          ) : null}
        </>
      )}
      {user === null ? null : (
        <ContactServiceButton className="btn btn-ghost btn-block my-section" />
      )}
      <ul className="menu card my-section">
        <li>
          <Link
            to="/{-$locale}/myOrder"
            params={{ locale }}
            search={{}}
            className="menu-item"
          >
            <Trans>我的订单</Trans>
            <ChevronRightIcon size={18} />
          </Link>
        </li>
        <li>
          <Link
            to="/{-$locale}/register"
            params={{ locale }}
            className="menu-item"
          >
            {t({ id: "fateTogether.title", message: "共结善缘报名" })}
            <ChevronRightIcon size={18} />
          </Link>
        </li>
      </ul>
      {user === null ? null : <InviteCard />}
      {user === null ? null : <ManagerCard />}
      <SettingsCard />
      {user === null ? null : <PushCard />}
      <AppCard />
      <ul className="menu card my-section">
        <li>
          <Link
            to="/{-$locale}/privacy-policy"
            params={{ locale }}
            className="menu-item"
          >
            <Trans>隐私政策</Trans>
            <ChevronRightIcon size={18} />
          </Link>
        </li>
        <li>
          <Link
            to="/{-$locale}/terms-of-service"
            params={{ locale }}
            className="menu-item"
          >
            <Trans>服务条款</Trans>
            <ChevronRightIcon size={18} />
          </Link>
        </li>
      </ul>
      {user === null ? null : <SignOutCard />}
    </div>
  );
}
