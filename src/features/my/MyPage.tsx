// /my (signed-in users), shaped like the "我的" page of the apps people know: the profile header
// (phone binding below it when no phone is bound), the order shortcuts with their counts, a short
// menu to the sub-pages (the order desk for staff, monks and admins, the admin pages for admins,
// invitations, the fate sign-up, the manager application, settings),
// contacting service, and signing out. Shows a placeholder until the user info has loaded.
import { useRef } from "react";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSnapshot } from "valtio";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { session } from "../../state/session";
import { usePageTitle } from "../../ui/usePageTitle";
import {
  ChatIcon,
  ChevronRightIcon,
  HeartHandsIcon,
  TempleIcon,
} from "../../ui/icons";
import { ContactServiceButton } from "../chatEntry/ContactServiceButton";
import { BindPhoneForm } from "./BindPhoneForm";
import { ProfileCard } from "./ProfileCard";
import { OrderShortcuts } from "./OrderShortcuts";
import { SignOutCard } from "./SignOutCard";
import { BadgeIcon, GearIcon, GiftIcon, LampIcon } from "./myIcons";
import { canUseStaffDesk } from "../../temple/desk/staffAccess";
import { canUseChatWorkspace } from "../../temple/workspace/workspaceAccess";
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
          <OrderShortcuts />
        </>
      )}
      <nav className="my-section" aria-label={t`更多`}>
        <ul className="menu card my-menu">
          {[
            ...(canUseStaffDesk(user)
              ? [
                  {
                    to: "/{-$locale}/staff/orders",
                    Icon: LampIcon,
                    label: t`订单工作台`,
                  } as const,
                ]
              : []),
            ...(canUseChatWorkspace(user)
              ? [
                  {
                    to: "/{-$locale}/staff/chats",
                    Icon: ChatIcon,
                    label: t`会话工作台`,
                  } as const,
                ]
              : []),
            ...(user?.isAdmin === 1
              ? [
                  {
                    to: "/{-$locale}/admin",
                    Icon: TempleIcon,
                    label: t`管理后台`,
                  } as const,
                ]
              : []),
            { to: "/{-$locale}/my/invite", Icon: GiftIcon, label: t`邀请好友` },
            {
              to: "/{-$locale}/register",
              Icon: HeartHandsIcon,
              label: t({ id: "fateTogether.title", message: "共结善缘报名" }),
            },
            {
              to: "/{-$locale}/my/manager",
              Icon: BadgeIcon,
              label: t`管理员申请`,
            },
            { to: "/{-$locale}/my/settings", Icon: GearIcon, label: t`设置` },
          ].map(({ to, Icon, label }) => (
            <li key={to}>
              <Link to={to} params={{ locale }} className="menu-item">
                <Icon className="my-menu-icon" size={22} />
                <span className="my-menu-label">{label}</span>
                <ChevronRightIcon size={18} />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {user === null ? null : (
        <ContactServiceButton className="btn btn-ghost btn-block my-section" />
      )}
      {user === null ? null : <SignOutCard />}
    </div>
  );
}
