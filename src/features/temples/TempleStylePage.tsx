// Temple style: each temple with its cover, story and monks.
import { getRouteApi } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { usePageTitle } from "../../ui/usePageTitle";
import { LazyImage } from "../../ui/LazyImage";
import { MonkCard } from "./MonkCard";
import "./temples.css";

const route = getRouteApi("/{-$locale}/templeStyle");

export function TempleStylePage() {
  const { t } = useLingui();
  const { list } = route.useLoaderData();
  usePageTitle(t`寺院风采`);

  return (
    <div className="page temples">
      <header className="page-head">
        <h1>
          <Trans>寺院风采</Trans>
        </h1>
        <p className="muted">
          <Trans>千年古刹，晨钟暮鼓；认识为您祈福的寺院与法师。</Trans>
        </p>
      </header>
      {list.length === 0 ? (
        <p className="empty">
          <Trans>暂无寺院信息</Trans>
        </p>
      ) : null}
      {list.map((temple, index) => (
        <section
          key={temple.id}
          id={`temple-${String(temple.id)}`}
          className="temple"
          aria-labelledby={`temple-title-${String(temple.id)}`}
        >
          <LazyImage
            className="temple-cover"
            src={temple.cover}
            alt=""
            width={640}
            height={360}
            eager={index === 0}
          />
          <div className="temple-body">
            <h2 id={`temple-title-${String(temple.id)}`}>{temple.name}</h2>
            <p className="temple-meta">
              <Trans>
                {temple.location} · 始建于 {temple.founded}
              </Trans>
            </p>
            <p>{temple.description}</p>
          </div>
          {temple.monks.length > 0 ? (
            <div className="monk-list">
              <h3 className="monk-list-title">
                <Trans>驻寺法师</Trans>
              </h3>
              {temple.monks.map((monk) => (
                <MonkCard key={monk.id} monk={monk} />
              ))}
            </div>
          ) : null}
        </section>
      ))}
    </div>
  );
}
