// Top bar: back button on inner pages, the brand, and the colour-mode and locale controls.
import {
  Link,
  useCanGoBack,
  useRouter,
  useRouterState,
} from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { BackIcon, BrandMark } from "../../ui/icons";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { splitLocalePath } from "../../i18n/localePath";
import { isTabRoot, tabRootOf } from "./tabs";
import { LocaleSwitch } from "./LocaleSwitch";
import { ColorModeToggle } from "./ColorModeToggle";

export function Header() {
  const { t } = useLingui();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const locale = useLocaleParam();
  const pathname = useRouterState({
    select: (state) => state.location.pathname,
  });
  const rest = splitLocalePath(pathname).rest;
  const inner = !isTabRoot(rest);

  // NOTE: opened without history (a link, a reload), a sub-page of a tab goes up to that tab.
  const goBack = () => {
    if (canGoBack) router.history.back();
    else if (tabRootOf(rest) === "/my")
      void router.navigate({ to: "/{-$locale}/my", params: { locale } });
    else void router.navigate({ to: "/{-$locale}", params: { locale } });
  };

  return (
    <header className="shell-header">
      <div className="shell-header-inner">
        {inner ? (
          <button
            type="button"
            className="icon-btn"
            onClick={goBack}
            aria-label={t`返回`}
          >
            <BackIcon />
          </button>
        ) : null}
        <Link to="/{-$locale}" params={{ locale }} className="brand">
          <BrandMark />
          <span className="brand-name">
            <Trans>福缘</Trans>
          </span>
        </Link>
        <div className="shell-header-actions">
          <ColorModeToggle />
          <LocaleSwitch />
        </div>
      </div>
    </header>
  );
}
