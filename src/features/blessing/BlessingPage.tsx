// The blessing wall (`/blessing`): blessings whose owners agreed to show them, newest first, with
// masked names, each linking to its page with a one-tap 随喜; pagination. The service catalogue
// lives at /services.
import { useState } from "react";
import { getRouteApi, Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { BLESSINGS_PAGE_SIZE, type Blessing } from "../../api/blessings";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { usePageTitle } from "../../ui/usePageTitle";
import { Pagination } from "../../ui/Pagination";
import { BlessingCard } from "./BlessingCard";
import { JoinBlessing } from "./JoinBlessing";
import "./blessing.css";

const route = getRouteApi("/{-$locale}/blessing/");

export function BlessingPage() {
  const { t } = useLingui();
  const data = route.useLoaderData();
  const locale = useLocaleParam();
  /** Joins made on this page, by blessing id, over what the loader brought. */
  const [joins, setJoins] = useState<
    ReadonlyMap<number, Pick<Blessing, "joinCount" | "joined">>
  >(new Map());
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
          {data.list.map((loaded) => {
            const blessing = { ...loaded, ...joins.get(loaded.id) };
            const titleId = `blessing-${String(blessing.id)}`;
            return (
              <li key={blessing.id} className="card blessing-item">
                <Link
                  id={titleId}
                  className="blessing-link"
                  to="/{-$locale}/blessing/$id"
                  params={{ locale, id: blessing.id }}
                >
                  <BlessingCard blessing={blessing} />
                </Link>
                <div className="blessing-item-actions">
                  <JoinBlessing
                    blessing={blessing}
                    describedBy={titleId}
                    onJoined={(joined) => {
                      setJoins((current) =>
                        new Map(current).set(blessing.id, joined),
                      );
                    }}
                  />
                </div>
              </li>
            );
          })}
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
