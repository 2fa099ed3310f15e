// Renders a server-managed text page (title, sections, last update) and sets the page title.
import type { ReactNode } from "react";
import { Trans } from "@lingui/react/macro";
import type { StaticPage } from "../../api/types";
import { formatDate } from "../../lib/format";
import { useRouteLocale } from "../../i18n/useRouteLocale";
import { usePageTitle } from "../../ui/usePageTitle";
import "./pages.css";

interface StaticPageViewProps {
  page: StaticPage;
  /** Rendered after the sections (e.g. a call to action). */
  footer?: ReactNode;
}

export function StaticPageView({ page, footer }: StaticPageViewProps) {
  const locale = useRouteLocale();
  usePageTitle(page.title);
  const updated = formatDate(page.updatedAt, locale);
  return (
    <article className="page static-page" aria-labelledby="static-page-title">
      <header className="page-head">
        <h1 id="static-page-title">{page.title}</h1>
        <p className="muted">
          <Trans>
            更新于 <time dateTime={page.updatedAt}>{updated}</time>
          </Trans>
        </p>
      </header>
      {page.sections.map((section, index) => (
        <section key={index} className="static-section">
          {section.heading !== "" ? <h2>{section.heading}</h2> : null}
          {section.paragraphs.map((paragraph, paragraphIndex) => (
            <p key={paragraphIndex}>{paragraph}</p>
          ))}
        </section>
      ))}
      {footer}
    </article>
  );
}
