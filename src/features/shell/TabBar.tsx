// Bottom navigation: home, blessing, messages (/destiny, with the unread badge), my.
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { ChatIcon, HomeIcon, LotusIcon, UserIcon } from "../../ui/icons";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { badgeText } from "./unreadIndicators";
import "./tabBadge.css";

export function TabBar({ unread = 0 }: { unread?: number }) {
  const { t } = useLingui();
  const locale = useLocaleParam();
  const activeProps = { className: "tab is-active" } as const;
  return (
    <nav className="tabbar" aria-label={t`主导航`}>
      <Link
        to="/{-$locale}"
        params={{ locale }}
        className="tab"
        activeOptions={{ exact: true, includeSearch: false }}
        activeProps={activeProps}
      >
        <HomeIcon />
        <span>
          <Trans>首页</Trans>
        </span>
      </Link>
      <Link
        to="/{-$locale}/services"
        params={{ locale }}
        className="tab"
        activeOptions={{ includeSearch: false }}
        activeProps={activeProps}
      >
        <LotusIcon />
        <span>
          <Trans>祈福</Trans>
        </span>
      </Link>
      <Link
        to="/{-$locale}/destiny"
        params={{ locale }}
        className="tab"
        activeProps={activeProps}
      >
        <span className="tab-icon">
          <ChatIcon />
          {unread > 0 ? (
            <span className="tab-badge" aria-hidden="true">
              {badgeText(unread)}
            </span>
          ) : null}
        </span>
        <span>
          <Trans>消息</Trans>
        </span>
        {unread > 0 ? (
          <span className="visually-hidden">
            <Trans>{unread} 条未读</Trans>
          </span>
        ) : null}
      </Link>
      <Link
        to="/{-$locale}/my"
        params={{ locale }}
        className="tab"
        activeProps={activeProps}
      >
        <UserIcon />
        <span>
          <Trans>我的</Trans>
        </span>
      </Link>
    </nav>
  );
}
