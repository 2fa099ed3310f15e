// The desk's right pane (the whole screen on a phone, with a way back to the queue): one order
// with the moves the caller may make now (`can`), its customer, its facts, its refund and its
// timeline. On a phone the heading takes focus when an order opens.
import { useEffect, useId } from "react";
import { getRouteApi, Link } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import type { StaffOrderDetail } from "../../api/staff";
import { useLocaleParam, useRouteLocale } from "../../i18n/useRouteLocale";
import { BackIcon } from "../../ui/icons";
import { ORDER_STATUS_LABELS } from "../../i18n/orderLabels";
import { OrderOutOfReach } from "./NoStaffAccess";
import { OrderActions } from "./OrderActions";
import { CustomerCard, OrderFacts, RefundFacts } from "./OrderFacts";
import { OrderTimeline } from "../../features/orders/OrderTimeline";
import { ORDER_HEADING_ID, showsTwoPanes } from "./deskLayout";
import { actorLabel } from "./staffLabels";

const route = getRouteApi("/{-$locale}/staff/orders/$masterId");

export function StaffOrderPane() {
  const data = route.useLoaderData();
  if (data.kind === "noAccess") return <OrderOutOfReach />;
  return <StaffOrderView key={data.order.masterId} order={data.order} />;
}

function StaffOrderView({ order }: { order: StaffOrderDetail }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const locale = useRouteLocale();
  const localeParam = useLocaleParam();
  useEffect(() => {
    if (!showsTwoPanes()) document.getElementById(ORDER_HEADING_ID)?.focus();
  }, []);
  const { can, refund } = order;

  return (
    <article className="staff-order" aria-labelledby={ORDER_HEADING_ID}>
      <header className="staff-order-head">
        <Link
          className="icon-btn staff-back"
          to="/{-$locale}/staff/orders"
          params={{ locale: localeParam }}
          search={(previous) => previous}
          activeOptions={{ exact: true }}
          aria-label={t`返回订单列表`}
        >
          <BackIcon size={22} />
        </Link>
        <h2 id={ORDER_HEADING_ID} tabIndex={-1}>
          {order.product.title}
        </h2>
        <span className={`chip staff-status is-${order.status}`}>
          {i18n._(ORDER_STATUS_LABELS[order.status])}
        </span>
      </header>

      <OrderActions order={order} />

      <CustomerCard customer={order.customer} headingId={`${id}-customer`} />
      <OrderFacts order={order} locale={locale} headingId={`${id}-order`} />
      {refund === null || can.reviewRefund ? null : (
        <RefundFacts
          refund={refund}
          locale={locale}
          headingId={`${id}-refund`}
        />
      )}
      <OrderTimeline
        timeline={order.timeline}
        locale={locale}
        staff={{ actorLabel, headingId: `${id}-timeline` }}
      />
    </article>
  );
}
