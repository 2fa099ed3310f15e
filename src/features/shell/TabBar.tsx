// Bottom navigation: home, blessing, messages (/destiny), my.
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { ChatIcon, HomeIcon, LotusIcon, UserIcon } from "../../ui/icons";
import { useLocaleParam } from "../../i18n/useRouteLocale";

export function TabBar() {
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
        to="/{-$locale}/blessing"
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
        <ChatIcon />
        <span>
          <Trans>消息</Trans>
        </span>
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
