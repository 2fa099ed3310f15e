// The catalogue of blessing services (`/services`): category filter, service cards and pagination.
import { getRouteApi, Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { PRODUCT_CATEGORIES } from "../../api/types";
import { PAGE_SIZES } from "../../api/content";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { usePageTitle } from "../../ui/usePageTitle";
import { Pagination } from "../../ui/Pagination";
import { CARDS_ABOVE_FOLD, ProductCardView } from "../products/ProductCardView";
import { CATEGORY_LABELS } from "../products/categoryLabels";
import "../blessing/blessing.css";

const route = getRouteApi("/{-$locale}/services");

export function ServicesPage() {
  const { t, i18n } = useLingui();
  const data = route.useLoaderData();
  const { category } = route.useSearch();
  const locale = useLocaleParam();
  usePageTitle(t`祈福`);

  return (
    <div className="page services">
      <header className="page-head">
        <h1>
          <Trans>祈福</Trans>
        </h1>
        <p className="muted">
          <Trans>由寺院法师如法操办，为您与家人祈求平安吉祥。</Trans>
        </p>
        <Link
          className="section-more"
          to="/{-$locale}/blessing"
          params={{ locale }}
          search={{}}
        >
          <Trans>看看祈福墙</Trans>
        </Link>
      </header>

      <nav className="filter-chips" aria-label={t`服务分类`}>
        <Link
          to="/{-$locale}/services"
          params={{ locale }}
          search={{}}
          className="filter-chip"
          aria-current={category === undefined ? "page" : undefined}
        >
          <Trans>全部</Trans>
        </Link>
        {PRODUCT_CATEGORIES.map((value) => (
          <Link
            key={value}
            to="/{-$locale}/services"
            params={{ locale }}
            search={{ category: value }}
            className="filter-chip"
            aria-current={category === value ? "page" : undefined}
          >
            {i18n._(CATEGORY_LABELS[value])}
          </Link>
        ))}
      </nav>

      {data.list.length === 0 ? (
        <p className="empty">
          <Trans>该分类暂无服务</Trans>
        </p>
      ) : (
        <div className="card-grid">
          {data.list.map((product, index) => (
            <ProductCardView
              key={product.id}
              product={product}
              eager={index < CARDS_ABOVE_FOLD}
            />
          ))}
        </div>
      )}
      <Pagination
        page={data.page}
        pageSize={PAGE_SIZES.products}
        total={data.total}
      />
    </div>
  );
}
