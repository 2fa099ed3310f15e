// /my/settings: the interface language and colour mode, new-message notifications, the app
// (install, offline storage) and the legal pages.
import { Link } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { ChevronRightIcon } from "../../ui/icons";
import { AppCard } from "./AppCard";
import { MySubPage } from "./MySubPage";
import { PushCard } from "./PushCard";
import { SettingsCard } from "./SettingsCard";

export function MySettingsPage() {
  const { t } = useLingui();
  const locale = useLocaleParam();
  return (
    <MySubPage title={t`设置`}>
      <SettingsCard />
      <PushCard />
      <AppCard />
      <ul className="menu card my-section">
        {[
          { to: "/{-$locale}/privacy-policy", label: t`隐私政策` },
          { to: "/{-$locale}/terms-of-service", label: t`服务条款` },
        ].map(({ to, label }) => (
          <li key={to}>
            <Link to={to} params={{ locale }} className="menu-item">
              {label}
              <ChevronRightIcon size={18} />
            </Link>
          </li>
        ))}
      </ul>
    </MySubPage>
  );
}
