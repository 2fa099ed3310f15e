// /my (signed-in users): the page frame with links to the legal pages. Profile and orders come
// with the account work.
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { usePageTitle } from "../../ui/usePageTitle";
import { ChevronRightIcon } from "../../ui/icons";

export function MyPage() {
  const { t } = useLingui();
  const locale = useLocaleParam();
  usePageTitle(t`我的`);
  return (
    <div className="page my-page">
      <header className="page-head">
        <h1>
          <Trans>我的</Trans>
        </h1>
      </header>
      <ul className="menu card">
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
    </div>
  );
}
