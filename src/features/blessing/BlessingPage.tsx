// The blessing wall (`/blessing`): blessings whose owners agreed to show them, newest first, with
// masked names, each linking to its page; pagination. The service catalogue lives at /services.
import { getRouteApi, Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { BLESSINGS_PAGE_SIZE } from "../../api/blessings";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { usePageTitle } from "../../ui/usePageTitle";
import { Pagination } from "../../ui/Pagination";
import { BlessingCard } from "./BlessingCard";
import "./blessing.css";

const route = getRouteApi("/{-$locale}/blessing/");

export function BlessingPage() {
  const { t } = useLingui();
  const data = route.useLoaderData();
  const locale = useLocaleParam();
  usePageTitle(t`祈福墙`);

  return (
    <div className="page blessing-wall">
      <header className="page-head">
        <h1>
          <Trans>祈福墙</Trans>
        </h1>
        <p className="muted">
          <Trans>善信们的心愿在此汇聚，随喜一份，共沾法喜。</Trans>
        </p>
      </header>
      {data.list.length === 0 ? (
        <p className="empty">
          <Trans>还没有祈福，来点亮第一盏心灯吧。</Trans>
        </p>
      ) : (
        <ul className="blessing-list">
          {data.list.map((blessing) => (
            <li key={blessing.id}>
              <Link
                className="card card-link blessing-link"
                to="/{-$locale}/blessing/$id"
                params={{ locale, id: blessing.id }}
              >
                <BlessingCard blessing={blessing} />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={data.page}
        pageSize={BLESSINGS_PAGE_SIZE}
        total={data.total}
      />
      <p className="blessing-cta">
        <Link
          className="btn btn-primary"
          to="/{-$locale}/services"
          params={{ locale }}
          search={{}}
        >
          <Trans>我也要祈福</Trans>
        </Link>
      </p>
    </div>
  );
}
