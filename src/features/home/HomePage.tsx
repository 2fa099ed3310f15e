// Home: hero, the four entries, featured blessing services, temples and the newest news.
import { getRouteApi, Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocaleParam, useRouteLocale } from "../../i18n/useRouteLocale";
import { formatDate } from "../../lib/format";
import { usePageTitle } from "../../ui/usePageTitle";
import { LazyImage } from "../../ui/LazyImage";
import {
  ChevronRightIcon,
  HeartHandsIcon,
  IncenseIcon,
  NewsIcon,
  TempleIcon,
} from "../../ui/icons";
import { CARDS_ABOVE_FOLD, ProductCardView } from "../products/ProductCardView";
import { HomeHero } from "./HomeHero";
import "./home.css";

const route = getRouteApi("/{-$locale}/");

export function HomePage() {
  const { t } = useLingui();
  const data = route.useLoaderData();
  const locale = useLocaleParam();
  const routeLocale = useRouteLocale();
  usePageTitle(undefined);

  return (
    <div className="page home">
      <HomeHero />

      <nav className="entries" aria-label={t`功能入口`}>
        <Link to="/{-$locale}/services" params={{ locale }} className="entry">
          <span className="entry-icon">
            <IncenseIcon />
          </span>
          <Trans>祈福</Trans>
        </Link>
        <Link
          to="/{-$locale}/templeStyle"
          params={{ locale }}
          className="entry"
        >
          <span className="entry-icon">
            <TempleIcon />
          </span>
          <Trans>寺院风采</Trans>
        </Link>
        <Link
          to="/{-$locale}/fateTogether"
          params={{ locale }}
          className="entry"
        >
          <span className="entry-icon">
            <HeartHandsIcon />
          </span>
          <Trans>共结善缘</Trans>
        </Link>
        <Link
          to="/{-$locale}/dynamicFamily"
          params={{ locale }}
          className="entry"
        >
          <span className="entry-icon">
            <NewsIcon />
          </span>
          <Trans>福缘动态</Trans>
        </Link>
      </nav>

      <section className="section" aria-labelledby="home-featured">
        <div className="section-head">
          <h2 id="home-featured">
            <Trans>精选祈福</Trans>
          </h2>
          <Link
            to="/{-$locale}/services"
            params={{ locale }}
            className="section-more"
          >
            <Trans>全部</Trans>
            <ChevronRightIcon size={16} />
          </Link>
        </div>
        {data.featured.length === 0 ? (
          <p className="empty">
            <Trans>暂无祈福服务</Trans>
          </p>
        ) : (
          <div className="card-grid">
            {data.featured.map((product, index) => (
              <ProductCardView
                key={product.id}
                product={product}
                eager={index < CARDS_ABOVE_FOLD}
              />
            ))}
          </div>
        )}
      </section>

      {data.temples.length > 0 ? (
        <section className="section" aria-labelledby="home-temples">
          <div className="section-head">
            <h2 id="home-temples">
              <Trans>寺院风采</Trans>
            </h2>
            <Link
              to="/{-$locale}/templeStyle"
              params={{ locale }}
              className="section-more"
            >
              <Trans>全部</Trans>
              <ChevronRightIcon size={16} />
            </Link>
          </div>
          <ul className="temple-strip">
            {data.temples.map((temple) => (
              <li key={temple.id}>
                <Link
                  to="/{-$locale}/templeStyle"
                  params={{ locale }}
                  hash={`temple-${String(temple.id)}`}
                  className="temple-chip"
                >
                  <LazyImage
                    src={temple.cover}
                    alt=""
                    width={240}
                    height={160}
                  />
                  <span className="temple-chip-name">{temple.name}</span>
                  <span className="temple-chip-place">{temple.location}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {data.news.length > 0 ? (
        <section className="section" aria-labelledby="home-news">
          <div className="section-head">
            <h2 id="home-news">
              <Trans>福缘动态</Trans>
            </h2>
            <Link
              to="/{-$locale}/dynamicFamily"
              params={{ locale }}
              className="section-more"
            >
              <Trans>更多</Trans>
              <ChevronRightIcon size={16} />
            </Link>
          </div>
          <ul className="news-list">
            {data.news.map((item) => (
              <li key={item.id}>
                <Link
                  to="/{-$locale}/dynamicFamily"
                  params={{ locale }}
                  hash={`news-${String(item.id)}`}
                  className="news-row"
                >
                  <LazyImage
                    src={item.cover}
                    alt=""
                    width={96}
                    height={72}
                    className="news-row-cover"
                  />
                  <span className="news-row-text">
                    <span className="news-row-title">{item.title}</span>
                    <span className="news-row-meta">
                      {item.templeName} ·{" "}
                      <time dateTime={item.publishedAt}>
                        {formatDate(item.publishedAt, routeLocale)}
                      </time>
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
