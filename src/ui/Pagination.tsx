// Previous / next links for a paginated list, kept in the `?page=` search param of the current route.
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { BackIcon, ChevronRightIcon } from "./icons";

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
}

export function Pagination({ page, pageSize, total }: PaginationProps) {
  const { t } = useLingui();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const target = (next: number) => (next === 1 ? undefined : next);
  return (
    <nav className="pagination" aria-label={t`分页`}>
      {page > 1 ? (
        <Link
          className="btn btn-ghost"
          to="."
          search={(prev) => ({ ...prev, page: target(page - 1) })}
          rel="prev"
        >
          <BackIcon size={18} />
          <Trans>上一页</Trans>
        </Link>
      ) : (
        <span />
      )}
      <span className="pagination-status">
        <Trans>
          第 {page} / {pages} 页
        </Trans>
      </span>
      {page < pages ? (
        <Link
          className="btn btn-ghost"
          to="."
          search={(prev) => ({ ...prev, page: target(page + 1) })}
          rel="next"
        >
          <Trans>下一页</Trans>
          <ChevronRightIcon size={18} />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
