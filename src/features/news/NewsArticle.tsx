// One news item in the feed: cover, title, temple and date, summary; the full text and photos
// open in place.
import { Trans } from "@lingui/react/macro";
import type { NewsItem } from "../../api/types";
import type { Locale } from "../../i18n/locales";
import { formatDate } from "../../lib/format";
import { LazyImage } from "../../ui/LazyImage";

interface NewsArticleProps {
  item: NewsItem;
  locale: Locale;
  eager: boolean;
}

export function NewsArticle({ item, locale, eager }: NewsArticleProps) {
  const titleId = `news-title-${String(item.id)}`;
  return (
    <article
      id={`news-${String(item.id)}`}
      className="card news-article"
      aria-labelledby={titleId}
    >
      <LazyImage
        className="news-cover"
        src={item.cover}
        alt=""
        width={640}
        height={360}
        eager={eager}
      />
      <div className="news-body">
        <h2 id={titleId} className="news-title">
          {item.title}
        </h2>
        <p className="news-meta">
          {item.templeName} ·{" "}
          <time dateTime={item.publishedAt}>
            {formatDate(item.publishedAt, locale)}
          </time>
        </p>
        <p className="news-summary">{item.summary}</p>
        {item.body.length > 0 || item.images.length > 0 ? (
          <details className="news-details">
            <summary>
              <Trans>阅读全文</Trans>
            </summary>
            {item.body.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
            {item.images.length > 0 ? (
              <div className="news-gallery">
                {item.images.map((src) => (
                  <LazyImage
                    key={src}
                    src={src}
                    alt=""
                    width={320}
                    height={240}
                  />
                ))}
              </div>
            ) : null}
          </details>
        ) : null}
      </div>
    </article>
  );
}
