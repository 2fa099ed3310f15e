// One of my orders: what was ordered, its status and timeline, while unpaid the payBefore
// countdown with pay and cancel, once paid a lit lamp (lit before one's eyes when paid here), its
// refund (asked for here while the server allows it). Payment and refund results always come from
// re-reading the server.
import { useEffect, useRef, useState } from "react";
import { getRouteApi, Link, useRouter } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { cancelOrder, type OrderDetail } from "../../api/commerce";
import { refusalTextOf } from "../../api/ApiError";
import { formatDate, formatDateTime, formatPriceFen } from "../../lib/format";
import { useLocaleParam, useRouteLocale } from "../../i18n/useRouteLocale";
import { open as openToast } from "../../state/toast";
import { usePageTitle } from "../../ui/usePageTitle";
import { PayPanel } from "../pay/PayPanel";
import { usePayment } from "../pay/usePayment";
import { OrderFields, type FieldRow } from "./OrderFields";
import { ORDER_STATUS_LABELS } from "../../i18n/orderLabels";
import { OrderTimeline } from "./OrderTimeline";
import { PaidBlessing } from "./PaidBlessing";
import { RefundCard } from "./RefundCard";
import { RefundSheet } from "./RefundSheet";
import { formatMinutesSeconds, usePayBefore } from "./usePayBefore";
import "./orders.css";

const route = getRouteApi("/{-$locale}/order");

export function OrderPage() {
  const { t, i18n } = useLingui();
  const order = route.useLoaderData();
  const router = useRouter();
  const locale = useRouteLocale();
  const localeParam = useLocaleParam();
  usePageTitle(t`订单详情`);
  const reload = () => router.invalidate();
  // NOTE: "just paid" is what this visit saw: the server's pay status turning paid (after the QR
  // code, JSAPI, or the return from WeChat Pay's H5 page); an order opened already paid is lit.
  const [justPaid, setJustPaid] = useState(false);
  const payment = usePayment(order, (status) => {
    if (status.paid) {
      setJustPaid(true);
      openToast({ type: "success", message: t`支付成功，感恩您的发心` });
    }
    void reload();
  });
  const left = usePayBefore(
    order.status === "pending_payment" ? order.payBefore : null,
  );
  const expired = left === 0;
  const pending = order.status === "pending_payment";
  const { pay: resume, paying: returned } = route.useSearch();
  const resumed = useRef(false);
  const { start, confirm } = payment;
  useEffect(() => {
    if (resumed.current || !pending) return;
    if (returned === true) {
      // Back from WeChat Pay's H5 page: the server learns the outcome from WeChat.
      resumed.current = true;
      confirm();
      return;
    }
    if (resume !== true || !order.openidBound) return;
    resumed.current = true;
    start();
  }, [resume, returned, pending, order.openidBound, start, confirm]);

  const [refunding, setRefunding] = useState(false);
  const refundSent = useRef(false);
  const refundHeading = useRef<HTMLHeadingElement>(null);
  const refund = order.refund;
  // NOTE: after a request the sheet's opener is gone; focus moves to the refund card once the
  // sheet gave focus back (its cleanup runs first) and the re-read order shows the card.
  useEffect(() => {
    if (refunding || !refundSent.current || refund === null) return;
    refundSent.current = false;
    refundHeading.current?.focus();
  }, [refunding, refund]);
  const askRefund = () => {
    setRefunding(true);
  };
  // NOTE: a lamp burning for an order whose refund is under way (or done) would say the opposite.
  const blessing =
    (order.status === "paid" || order.status === "in_service") &&
    (refund === null || refund.status === "declined");

  return (
    <div className="page order-page">
      <header className="page-head order-head">
        <h1>
          <Trans>订单详情</Trans>
        </h1>
        <span className={`chip order-status order-status-${order.status}`}>
          {i18n._(ORDER_STATUS_LABELS[order.status])}
        </span>
      </header>

      {refund === null ? null : (
        <RefundCard
          refund={refund}
          refundable={order.refundable}
          locale={locale}
          onAskAgain={askRefund}
          headingRef={refundHeading}
        />
      )}

      {blessing ? <PaidBlessing lighting={justPaid} /> : null}

      {pending ? (
        <section className="card order-pay" aria-labelledby="order-pay-title">
          <h2 id="order-pay-title">
            <Trans>待支付</Trans>{" "}
            <span className="price">
              <strong>{formatPriceFen(order.totalFen)}</strong>
            </span>
          </h2>
          {left === null ? null : expired ? (
            <p className="order-countdown" role="status">
              <Trans>支付已超时，订单即将关闭</Trans>
            </p>
          ) : (
            <p className="order-countdown">
              <Trans>
                请在{" "}
                <time dateTime={`PT${String(left)}S`}>
                  {formatMinutesSeconds(left)}
                </time>{" "}
                内完成支付
              </Trans>
            </p>
          )}
          <PayPanel payment={payment} disabled={expired} />
          <CancelOrder
            masterOrderNo={order.masterOrderNo}
            onCancelled={reload}
          />
        </section>
      ) : null}

      {/* NOTE: once paid, the blessing's progress (its date, photos) is what one comes back for. */}
      {pending ? null : (
        <OrderTimeline timeline={order.timeline} locale={locale} />
      )}
      <OrderSummary order={order} locale={locale} />
      {pending ? (
        <OrderTimeline timeline={order.timeline} locale={locale} />
      ) : null}

      {order.refundable && refund?.status !== "declined" ? (
        <section className="order-aftersale" aria-label={t`退款`}>
          <p className="muted">
            <Trans>法事完成前可申请退款，款项原路退回。</Trans>
          </p>
          <button type="button" className="btn btn-ghost" onClick={askRefund}>
            <Trans>申请退款</Trans>
          </button>
        </section>
      ) : null}
      {refunding ? (
        <RefundSheet
          masterId={order.masterId}
          amountFen={order.totalFen}
          onClose={() => {
            setRefunding(false);
          }}
          onRequested={async () => {
            await reload();
            refundSent.current = true;
            setRefunding(false);
          }}
          onRefused={() => {
            void reload();
          }}
        />
      ) : null}

      <p className="order-links">
        <Link
          className="btn btn-ghost"
          to="/{-$locale}/myOrder"
          params={{ locale: localeParam }}
          search={{}}
        >
          <Trans>我的订单</Trans>
        </Link>
      </p>
    </div>
  );
}

function OrderSummary({
  order,
  locale,
}: {
  order: OrderDetail;
  locale: ReturnType<typeof useRouteLocale>;
}) {
  const { t } = useLingui();
  const dateOf = (iso: string | null) =>
    iso === null ? null : formatDate(iso, locale);
  const rows: FieldRow[] = [
    [t`服务`, order.product.title],
    [t`方案`, order.option.label],
    [t`单价`, formatPriceFen(order.unitPriceFen)],
    [t`数量`, String(order.quantity)],
    [t`法事日期`, dateOf(order.plannedAt)],
    [t`受益人`, order.beneficiaryName],
    [t`出生日期`, dateOf(order.birthDate)],
    [t`心愿`, order.wish],
    [t`祈福墙展示`, order.showOnWall ? t`匿名展示` : t`不展示`],
    [t`订单号`, order.masterOrderNo],
    [t`下单时间`, formatDateTime(order.createdAt, locale)],
    [t`合计`, formatPriceFen(order.totalFen)],
  ];
  return (
    <section className="card order-summary" aria-labelledby="order-summary">
      <h2 id="order-summary">
        <Trans>订单信息</Trans>
      </h2>
      <OrderFields rows={rows} />
    </section>
  );
}

function CancelOrder({
  masterOrderNo,
  onCancelled,
}: {
  masterOrderNo: string;
  onCancelled: () => Promise<void>;
}) {
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      await cancelOrder(masterOrderNo);
      openToast({ type: "info", message: t`订单已取消` });
      await onCancelled();
    } catch (error) {
      openToast({
        type: "error",
        message: refusalTextOf(error) ?? t`取消失败，请稍后重试`,
      });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  if (!asking)
    return (
      <button
        type="button"
        className="btn btn-ghost order-cancel"
        onClick={() => {
          setAsking(true);
        }}
      >
        <Trans>取消订单</Trans>
      </button>
    );
  return (
    <div
      className="order-cancel-confirm"
      role="group"
      aria-label={t`确认取消订单`}
    >
      <p>
        <Trans>确定取消这笔订单吗？</Trans>
      </p>
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy}
        onClick={() => {
          void cancel();
        }}
      >
        <Trans>确定取消</Trans>
      </button>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={busy}
        onClick={() => {
          setAsking(false);
        }}
      >
        <Trans>再想想</Trans>
      </button>
    </div>
  );
}
