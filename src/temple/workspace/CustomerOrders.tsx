// The customer's orders in the workspace's context pane (#22), newest first. Each row opens in
// place (one at a time): the moves staff may make now, with the desk's own forms (review the
// refund, start the service, mark it completed), the order's facts and a way into the full desk.
// After a move the list is fetched again and the open order's heading takes the focus.
import { useCallback, useId, useMemo, useState } from "react";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { isApiError, refusalTextOf } from "../../api/ApiError";
import { fetchStaffOrders, type StaffOrderDetail } from "../../api/staff";
import type { Locale } from "../../api/types";
import { useLocaleParam, useRouteLocale } from "../../i18n/useRouteLocale";
import { ChevronRightIcon } from "../../ui/icons";
import { OrderActions } from "../desk/OrderActions";
import { OrderFacts, RefundFacts } from "../desk/OrderFacts";
import { StaffRowContent } from "../desk/StaffQueueList";
import { StaffActionPlace, type StaffActionHome } from "../desk/useStaffAction";
import { useLoaded } from "./useLoaded";

/** The orders the pane lists (newest first); more open from the order desk. */
export const PANE_ORDERS = 20;

const ordersOf = (userId: number, locale: Locale, signal?: AbortSignal) =>
  fetchStaffOrders(
    { queue: "all", userId, page: 1, pageSize: PANE_ORDERS, locale },
    { signal },
  );

export function CustomerOrders({ userId }: { readonly userId: number }) {
  const { t } = useLingui();
  const locale = useRouteLocale();
  const localeParam = useLocaleParam();
  const orders = useLoaded(`orders:${String(userId)}`, (signal) =>
    ordersOf(userId, locale, signal),
  );
  const [openId, setOpenId] = useState<number | null>(null);
  const { replace, reload } = orders;
  // NOTE: the forms keep their buttons busy until this resolves; a failed fetch shows the list's
  // own failure (with 重试) instead of failing the move that was made.
  const refresh = useCallback(async () => {
    try {
      replace(await ordersOf(userId, locale));
    } catch (failure) {
      if (!isApiError(failure))
        console.warn("workspace orders reload failed", failure);
      reload();
    }
  }, [replace, reload, userId, locale]);

  return (
    <section className="ws-section" aria-labelledby="ws-orders-title">
      <h3 id="ws-orders-title">
        <Trans>订单</Trans>
        {orders.data === undefined ? null : (
          <span className="muted ws-section-count">{orders.data.total}</span>
        )}
      </h3>
      {orders.failed !== undefined ? (
        <p className="form-error" role="alert">
          {refusalTextOf(orders.failed) ?? t`订单加载失败`}{" "}
          <button type="button" className="btn btn-ghost" onClick={reload}>
            <Trans>重试</Trans>
          </button>
        </p>
      ) : orders.data === undefined ? (
        <div className="skeleton skeleton-line" aria-busy="true" />
      ) : orders.data.list.length === 0 ? (
        <p className="muted">
          <Trans>还没有订单</Trans>
        </p>
      ) : (
        <>
          <ul
            className="staff-list ws-orders"
            aria-labelledby="ws-orders-title"
          >
            {orders.data.list.map((order) => (
              <PaneOrder
                key={order.masterId}
                order={order}
                open={order.masterId === openId}
                onToggle={() => {
                  setOpenId((current) =>
                    current === order.masterId ? null : order.masterId,
                  );
                }}
                reload={refresh}
              />
            ))}
          </ul>
          {orders.data.total > orders.data.list.length ? (
            <Link
              className="btn btn-ghost"
              to="/{-$locale}/staff/orders"
              params={{ locale: localeParam }}
              search={{ queue: "all" }}
            >
              <Trans>在订单工作台查看全部</Trans>
            </Link>
          ) : null}
        </>
      )}
    </section>
  );
}

function PaneOrder({
  order,
  open,
  onToggle,
  reload,
}: {
  readonly order: StaffOrderDetail;
  readonly open: boolean;
  readonly onToggle: () => void;
  readonly reload: () => Promise<void>;
}) {
  const id = useId();
  const locale = useRouteLocale();
  const localeParam = useLocaleParam();
  const headingId = `${id}-title`;
  const home = useMemo<StaffActionHome>(
    () => ({ reload, focusAfter: headingId }),
    [reload, headingId],
  );
  const { refund, masterOrderNo } = order;
  return (
    <li className="ws-order">
      <button
        type="button"
        className="card staff-row ws-order-toggle"
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        data-master-id={order.masterId}
        onClick={onToggle}
      >
        <StaffRowContent order={order} />
        <ChevronRightIcon className="ws-order-chevron" size={18} />
      </button>
      {open ? (
        <section
          id={`${id}-panel`}
          className="ws-order-panel"
          aria-labelledby={headingId}
        >
          <header className="ws-order-head">
            <h4 id={headingId} tabIndex={-1}>
              <Trans>订单 {masterOrderNo}</Trans>
            </h4>
            <Link
              className="btn btn-ghost ws-order-desk"
              to="/{-$locale}/staff/orders/$masterId"
              params={{ locale: localeParam, masterId: order.masterId }}
              search={{ queue: "all" }}
            >
              <Trans>在订单工作台打开</Trans>
            </Link>
          </header>
          <StaffActionPlace value={home}>
            <OrderActions order={order} />
          </StaffActionPlace>
          <OrderFacts order={order} locale={locale} headingId={`${id}-facts`} />
          {refund === null || order.can.reviewRefund ? null : (
            <RefundFacts
              refund={refund}
              locale={locale}
              headingId={`${id}-refund`}
            />
          )}
        </section>
      ) : null}
    </li>
  );
}
