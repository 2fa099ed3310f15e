// The desk's order search (service staff and admins): one box for an order number or a customer's
// nickname or IM id. Submitting shows every paid-for order that matches (the server searches);
// clearing it goes back to the work queues.
import { useState } from "react";
import { Link, useNavigate } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { SEARCH_MAX_CHARS } from "./staffSearch";

export function StaffOrderSearch({ q }: { q: string | undefined }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const locale = useLocaleParam();
  const [text, setText] = useState(q ?? "");
  return (
    <div className="staff-search">
      <form
        role="search"
        aria-label={t`搜索订单`}
        onSubmit={(event) => {
          event.preventDefault();
          const wanted = text.trim();
          void navigate({
            to: "/{-$locale}/staff/orders",
            params: { locale },
            search:
              wanted === "" ? { queue: "all" } : { queue: "all", q: wanted },
          });
        }}
      >
        <label className="visually-hidden" htmlFor="staff-search-q">
          <Trans>搜索订单</Trans>
        </label>
        <div className="field-row">
          <div className="field-control">
            <input
              id="staff-search-q"
              className="field-input"
              type="search"
              enterKeyHint="search"
              autoComplete="off"
              maxLength={SEARCH_MAX_CHARS}
              placeholder={t`订单号、昵称或 IM 号`}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
              }}
            />
          </div>
          <button type="submit" className="btn btn-primary">
            <Trans>搜索</Trans>
          </button>
        </div>
      </form>
      {q === undefined ? null : (
        <Link
          className="staff-search-clear"
          to="/{-$locale}/staff/orders"
          params={{ locale }}
          search={{ queue: "all" }}
        >
          <Trans>清除搜索</Trans>
        </Link>
      )}
    </div>
  );
}
