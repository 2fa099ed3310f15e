// One monk (reached from a monk card): the profile card, whose name is the page's heading (shown
// once), and the temple.
import { getRouteApi, Link } from "@tanstack/react-router";
import { Trans } from "@lingui/react/macro";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { usePageTitle } from "../../ui/usePageTitle";
import { LazyImage } from "../../ui/LazyImage";
import { ChevronRightIcon } from "../../ui/icons";
import { MonkCard } from "./MonkCard";
import "./temples.css";

const route = getRouteApi("/{-$locale}/monk/$id");

export function MonkPage() {
  const monk = route.useLoaderData();
  const locale = useLocaleParam();
  usePageTitle(monk.name);

  return (
    <div className="page monk-page">
      <MonkCard monk={monk} linked={false} />
      <section className="section" aria-labelledby="monk-temple">
        <h2 id="monk-temple">
          <Trans>所在寺院</Trans>
        </h2>
        <Link
          to="/{-$locale}/templeStyle"
          params={{ locale }}
          hash={`temple-${String(monk.temple.id)}`}
          className="card temple-row"
        >
          <LazyImage
            src={monk.temple.cover}
            alt=""
            width={120}
            height={80}
            className="temple-row-cover"
          />
          <span className="temple-row-text">
            <strong>{monk.temple.name}</strong>
            <span className="muted">{monk.temple.location}</span>
          </span>
          <ChevronRightIcon size={18} />
        </Link>
      </section>
    </div>
  );
}
