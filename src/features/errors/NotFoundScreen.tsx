// The 404 screen for unmatched paths and failed param validation. Logs `Page not found: {path}`
// (warn) or `Page Not Found: {path}` (error). Crawlers get an empty main instead.
import { useNavigate, useRouterState } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { notFoundKind } from "../../router/notFound";
import { isCrawler } from "../../lib/userAgent";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { usePageTitle } from "../../ui/usePageTitle";
import { TempleIcon } from "../../ui/icons";

export function NotFoundScreen({ data }: { data?: unknown }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const locale = useLocaleParam();
  const pathname = useRouterState({
    select: (state) => state.location.pathname,
  });
  const kind = notFoundKind(data);
  const crawler = isCrawler(navigator.userAgent);
  usePageTitle(t`页面找不到`);

  useEffect(() => {
    if (kind === "invalid") console.error(`Page Not Found: ${pathname}`);
    else console.warn(`Page not found: ${pathname}`);
  }, [kind, pathname]);

  if (crawler) return null;
  return (
    <section className="page not-found" aria-labelledby="not-found-title">
      <div className="not-found-art">
        <TempleIcon size={64} />
      </div>
      <h1 id="not-found-title" className="not-found-title">
        <Trans>404: 页面找不到</Trans>
      </h1>
      <p className="muted">
        <Trans>您要找的页面不存在或已被移除。</Trans>
      </p>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => {
          void navigate({ to: "/{-$locale}", params: { locale } });
        }}
      >
        <Trans>返回首页</Trans>
      </button>
    </section>
  );
}
