// The desk's right pane (the whole screen on a phone, with a way back to the queue): one order
// with the moves the caller may make now (`can`), its customer, its facts, its refund and its
// timeline. On a phone the heading takes focus when an order opens.
import { useEffect, useId } from "react";
import { getRouteApi, Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import type { StaffOrderDetail } from "../../api/staff";
import { useLocaleParam, useRouteLocale } from "../../i18n/useRouteLocale";
import { BackIcon } from "../../ui/icons";
import { ORDER_STATUS_LABELS } from "../../features/orders/orderLabels";
import { CompleteForm } from "./CompleteForm";
import { OrderOutOfReach } from "./NoStaffAccess";
import { CustomerCard, OrderFacts, RefundFacts } from "./OrderFacts";
import { RefundReview } from "./RefundReview";
import { StaffTimeline } from "./StaffTimeline";
import { StartServiceForm } from "./StartServiceForm";
import { ORDER_HEADING_ID, showsTwoPanes } from "./deskLayout";

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
  const idle = !can.startService && !can.complete && !can.reviewRefund;

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

      {can.reviewRefund && refund !== null ? (
        <RefundReview order={order} refund={refund} />
      ) : null}
      {can.startService ? <StartServiceForm order={order} /> : null}
      {can.complete ? <CompleteForm order={order} /> : null}
      {idle ? (
        <p className="muted staff-idle" role="status">
          <Trans>这笔订单目前无需处理。</Trans>
        </p>
      ) : null}

      <CustomerCard customer={order.customer} headingId={`${id}-customer`} />
      <OrderFacts order={order} locale={locale} headingId={`${id}-order`} />
      {refund === null || can.reviewRefund ? null : (
        <RefundFacts
          refund={refund}
          locale={locale}
          headingId={`${id}-refund`}
        />
      )}
      <StaffTimeline
        timeline={order.timeline}
        locale={locale}
        headingId={`${id}-timeline`}
      />
    </article>
  );
}
