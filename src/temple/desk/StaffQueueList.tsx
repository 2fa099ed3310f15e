// One page of a desk queue: a row per order with the customer, what was ordered, the amount, when
// it was paid and planned, its status and an open refund (and, on the agenda, "overdue"); the
// router marks the open order's row (aria-current="page").
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import type { StaffOrderDetail } from "../../api/staff";
import { useLocaleParam, useRouteLocale } from "../../i18n/useRouteLocale";
import { formatDate, formatDateTime, formatPriceFen } from "../../lib/format";
import { ORDER_STATUS_LABELS } from "../../i18n/orderLabels";
import { REFUND_LABELS } from "./staffLabels";

export function StaffQueueList({
  orders,
  labelledBy,
}: {
  orders: readonly StaffOrderDetail[];
  labelledBy: string;
}) {
  return (
    <ul className="staff-list" aria-labelledby={labelledBy}>
      {orders.map((order) => (
        <li key={order.masterId}>
          <StaffQueueRow order={order} />
        </li>
      ))}
    </ul>
  );
}

export function StaffQueueRow({
  order,
  overdue = false,
}: {
  order: StaffOrderDetail;
  /** Planned for a day that has passed and not completed yet. */
  overdue?: boolean;
}) {
  const localeParam = useLocaleParam();
  return (
    <Link
      className={overdue ? "card staff-row is-overdue" : "card staff-row"}
      to="/{-$locale}/staff/orders/$masterId"
      params={{ locale: localeParam, masterId: order.masterId }}
      search={(previous) => previous}
      data-master-id={order.masterId}
    >
      <StaffRowContent order={order} overdue={overdue} />
    </Link>
  );
}

/** What a row says of its order (phrasing content: it sits in a link, or a button elsewhere). */
export function StaffRowContent({
  order,
  overdue = false,
}: {
  readonly order: StaffOrderDetail;
  readonly overdue?: boolean;
}) {
  const { i18n } = useLingui();
  const locale = useRouteLocale();
  const refund =
    order.refund === null || order.refund.status === "declined"
      ? null
      : order.refund;
  return (
    <>
      <span className="staff-row-top">
        <img
          className="staff-avatar staff-row-avatar"
          src={order.customer.avatarUrl}
          alt=""
          width={28}
          height={28}
        />
        <span className="staff-row-customer">{order.customer.nickname}</span>
        <span className="price staff-row-amount">
          <strong>{formatPriceFen(order.totalFen)}</strong>
        </span>
      </span>
      <strong className="staff-row-title">{order.product.title}</strong>
      <span className="muted staff-row-option">
        {order.option.label} × {order.quantity}
      </span>
      <span className="staff-row-foot">
        <span className="muted staff-row-times">
          {order.paidAt === null ? null : (
            <span>
              <Trans>付款</Trans>{" "}
              <time dateTime={order.paidAt}>
                {formatDateTime(order.paidAt, locale)}
              </time>
            </span>
          )}
          {order.plannedAt === null ? null : (
            <span>
              <Trans>安排</Trans>{" "}
              <time dateTime={order.plannedAt}>
                {formatDate(order.plannedAt, locale)}
              </time>
            </span>
          )}
        </span>
        <span className="staff-row-chips">
          {overdue ? (
            <span className="chip staff-overdue-chip">
              <Trans>已逾期</Trans>
            </span>
          ) : null}
          {refund === null ? null : (
            <span className={`chip staff-refund-chip is-${refund.status}`}>
              {i18n._(REFUND_LABELS[refund.status])}
            </span>
          )}
          <span className={`chip staff-status is-${order.status}`}>
            {i18n._(ORDER_STATUS_LABELS[order.status])}
          </span>
        </span>
      </span>
    </>
  );
}
