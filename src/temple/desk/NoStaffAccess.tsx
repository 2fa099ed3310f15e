// What someone who is not service staff, a monk or an admin sees on the desk's pages, and what the
// desk's detail pane says of an order the caller may not handle (another monk's service).
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { TempleIcon } from "../../ui/icons";
import { usePageTitle } from "../../ui/usePageTitle";

export function NoStaffAccess() {
  const { t } = useLingui();
  const locale = useLocaleParam();
  usePageTitle(t`无权访问`);
  return (
    <section className="page not-found" aria-labelledby="staff-no-access">
      <div className="not-found-art">
        <TempleIcon size={64} />
      </div>
      <h1 id="staff-no-access" className="not-found-title">
        <Trans>无权访问</Trans>
      </h1>
      <p className="muted">
        <Trans>订单工作台仅供寺院的服务人员、法师和管理员使用。</Trans>
      </p>
      <Link className="btn btn-primary" to="/{-$locale}/my" params={{ locale }}>
        <Trans>返回我的</Trans>
      </Link>
    </section>
  );
}

export function OrderOutOfReach() {
  return (
    <section className="staff-empty" aria-labelledby="staff-out-of-reach">
      <h2 id="staff-out-of-reach">
        <Trans>无法处理此订单</Trans>
      </h2>
      <p className="muted">
        <Trans>这笔订单不属于您负责的服务。</Trans>
      </p>
    </section>
  );
}
