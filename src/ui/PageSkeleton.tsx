// The loading placeholder shown while a page's data or code arrives (router pending component).
import { Trans } from "@lingui/react/macro";

export function PageSkeleton() {
  return (
    <div className="page skeleton-page" aria-busy="true">
      <p className="visually-hidden" role="status">
        <Trans>加载中…</Trans>
      </p>
      <div className="skeleton skeleton-title" />
      <div className="skeleton skeleton-banner" />
      <div className="skeleton-grid">
        <div className="skeleton skeleton-card" />
        <div className="skeleton skeleton-card" />
        <div className="skeleton skeleton-card" />
        <div className="skeleton skeleton-card" />
      </div>
      <div className="skeleton skeleton-line" />
      <div className="skeleton skeleton-line short" />
    </div>
  );
}
