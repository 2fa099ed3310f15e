// One of my orders: what was ordered, its status and timeline, while unpaid the payBefore
// countdown with pay and cancel, once paid a lit lamp (lit before one's eyes when paid here).
// Payment results always come from re-reading the server.
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
import { ORDER_STATUS_LABELS } from "./orderLabels";
import { OrderTimeline } from "./OrderTimeline";
import { PaidBlessing } from "./PaidBlessing";
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

      {order.status === "paid" || order.status === "in_service" ? (
        <PaidBlessing lighting={justPaid} />
      ) : null}

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

      <OrderSummary order={order} locale={locale} />
      <OrderTimeline timeline={order.timeline} locale={locale} />

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
  const rows: [string, string][] = [
    [t`服务`, order.product.title],
    [t`方案`, order.option.label],
    [t`单价`, formatPriceFen(order.unitPriceFen)],
    [t`数量`, String(order.quantity)],
    ...(order.beneficiaryName === null
      ? []
      : [[t`受益人`, order.beneficiaryName] as [string, string]]),
    ...(order.birthDate === null
      ? []
      : [
          [t`出生日期`, formatDate(order.birthDate, locale)] as [
            string,
            string,
          ],
        ]),
    ...(order.wish === null ? [] : [[t`心愿`, order.wish] as [string, string]]),
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
      <dl className="order-fields">
        {rows.map(([label, value]) => (
          <div key={label} className="order-field">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
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
