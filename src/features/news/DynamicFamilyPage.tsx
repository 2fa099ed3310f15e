// Dynamic family: the temples' news, newest first, one page at a time.
import { getRouteApi } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { PAGE_SIZES } from "../../api/content";
import { useRouteLocale } from "../../i18n/useRouteLocale";
import { usePageTitle } from "../../ui/usePageTitle";
import { Pagination } from "../../ui/Pagination";
import { NewsArticle } from "./NewsArticle";
import "./news.css";

const route = getRouteApi("/{-$locale}/dynamicFamily");

export function DynamicFamilyPage() {
  const { t } = useLingui();
  const data = route.useLoaderData();
  const locale = useRouteLocale();
  usePageTitle(t`福缘动态`);

  return (
    <div className="page news">
      <header className="page-head">
        <h1>
          <Trans>福缘动态</Trans>
        </h1>
        <p className="muted">
          <Trans>各寺院的法会、活动与善行纪实。</Trans>
        </p>
      </header>
      {data.list.length === 0 ? (
        <p className="empty">
          <Trans>暂无动态</Trans>
        </p>
      ) : (
        <div className="news-feed">
          {data.list.map((item, index) => (
            <NewsArticle
              key={item.id}
              item={item}
              locale={locale}
              eager={index === 0}
            />
          ))}
        </div>
      )}
      <Pagination
        page={data.page}
        pageSize={PAGE_SIZES.news}
        total={data.total}
      />
    </div>
  );
}
