// /admin: the admin pages' frame (#22): a section per task, as tabs above the page on a phone and
// a side menu from 960 px, and the section's page beside it; orders link to the order desk. Anyone
// but an admin sees the "no access" screen; nothing shows before the user's roles are known.
import { Link, Outlet } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSnapshot } from "valtio";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { session } from "../../state/session";
import { TempleIcon } from "../../ui/icons";
import { PageSkeleton } from "../../ui/PageSkeleton";
import { usePageTitle } from "../../ui/usePageTitle";
import { isAdmin } from "./adminAccess";
import "../../ui/field.css";
import "./admin.css";

export function AdminLayout() {
  const { t } = useLingui();
  const locale = useLocaleParam();
  const { user } = useSnapshot(session);
  if (user === null) return <PageSkeleton />;
  if (!isAdmin(user)) return <NoAdminAccess />;
  const sections = [
    { section: "applications", label: t`经理申请` },
    { section: "users", label: t`用户与身份` },
    {
      section: "products",
      label: t({ message: "商品", context: "admin section" }),
    },
    { section: "audit", label: t`操作日志` },
  ] as const;
  return (
    <div className="page admin-page">
      <header className="page-head admin-head">
        <h1>
          <Trans>管理后台</Trans>
        </h1>
      </header>
      <div className="admin-frame">
        <nav className="admin-nav" aria-label={t`管理功能`}>
          {sections.map((section) => (
            <Link
              key={section.section}
              to="/{-$locale}/admin/$section"
              params={{ locale, section: section.section }}
              className="admin-nav-link"
              activeProps={{ "aria-current": "page" }}
            >
              {section.label}
            </Link>
          ))}
          {/* NOTE: orders (search, moves, refunds) are the order desk's, which admins may use. */}
          <Link
            to="/{-$locale}/staff/orders"
            params={{ locale }}
            className="admin-nav-link"
          >
            {t`订单`}
          </Link>
        </nav>
        <div className="admin-main">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

export function NoAdminAccess() {
  const { t } = useLingui();
  const locale = useLocaleParam();
  usePageTitle(t`无权访问`);
  return (
    <section className="page not-found" aria-labelledby="admin-no-access">
      <div className="not-found-art">
        <TempleIcon size={64} />
      </div>
      <h1 id="admin-no-access" className="not-found-title">
        <Trans>无权访问</Trans>
      </h1>
      <p className="muted">
        <Trans>管理后台仅供寺院的管理员使用。</Trans>
      </p>
      <Link className="btn btn-primary" to="/{-$locale}/my" params={{ locale }}>
        <Trans>返回我的</Trans>
      </Link>
    </section>
  );
}
