// One blessing (`/blessing/$id`) and its 随喜 button (JoinBlessing).
import { useState } from "react";
import { getRouteApi, Link } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import type { Blessing } from "../../api/blessings";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { usePageTitle } from "../../ui/usePageTitle";
import { BlessingCard } from "./BlessingCard";
import { JoinBlessing } from "./JoinBlessing";
import "./blessing.css";

const route = getRouteApi("/{-$locale}/blessing/$id");

export function BlessingDetailPage() {
  const loaded = route.useLoaderData();
  const [blessing, setBlessing] = useState<Blessing>(loaded);
  const locale = useLocaleParam();
  usePageTitle(blessing.productTitle);

  return (
    <article className="page blessing-detail" aria-labelledby="blessing-title">
      <header className="page-head">
        <h1 id="blessing-title">
          <Trans>祈福</Trans>
        </h1>
      </header>
      <div className="card blessing-detail-card">
        <BlessingCard blessing={blessing} />
        <JoinBlessing
          blessing={blessing}
          block
          onJoined={(joined) => {
            setBlessing((current) => ({ ...current, ...joined }));
          }}
        />
      </div>
      <p className="blessing-cta">
        <Link
          className="btn btn-ghost"
          to="/{-$locale}/blessing"
          params={{ locale }}
          search={{}}
        >
          <Trans>返回祈福墙</Trans>
        </Link>
      </p>
    </article>
  );
}
