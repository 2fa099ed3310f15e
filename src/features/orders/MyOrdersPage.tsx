// My orders, newest first: a status filter, one card per order (its picture, option and amount)
// linking to it, an unpaid one with "去支付" and the time left before it is cancelled; pagination.
import { useId } from "react";
import { getRouteApi, Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { ORDER_STATUSES, type Order } from "../../api/commerce";
import { formatDateTime, formatPriceFen } from "../../lib/format";
import { useLocaleParam, useRouteLocale } from "../../i18n/useRouteLocale";
import { Pagination } from "../../ui/Pagination";
import { LazyImage } from "../../ui/LazyImage";
import { usePageTitle } from "../../ui/usePageTitle";
import { MY_ORDERS_PAGE_SIZE } from "../../router/orderParams";
import { formatMinutesSeconds, usePayBefore } from "./usePayBefore";
import { ORDER_STATUS_LABELS } from "../../i18n/orderLabels";
import "../blessing/blessing.css";
import "./orders.css";

const route = getRouteApi("/{-$locale}/myOrder/");

export function MyOrdersPage() {
  const { t, i18n } = useLingui();
  const data = route.useLoaderData();
  const { status } = route.useSearch();
  const locale = useRouteLocale();
  const localeParam = useLocaleParam();
  usePageTitle(t`我的订单`);

  return (
    <div className="page my-orders">
      <header className="page-head">
        <h1>
          <Trans>我的订单</Trans>
        </h1>
      </header>
      <nav className="filter-chips" aria-label={t`订单状态`}>
        <Link
          to="/{-$locale}/myOrder"
          params={{ locale: localeParam }}
          search={{}}
          className="filter-chip"
          aria-current={status === undefined ? "page" : undefined}
        >
          <Trans>全部</Trans>
        </Link>
        {ORDER_STATUSES.map((value) => (
          <Link
            key={value}
            to="/{-$locale}/myOrder"
            params={{ locale: localeParam }}
            search={{ status: value }}
            className="filter-chip"
            aria-current={status === value ? "page" : undefined}
          >
            {i18n._(ORDER_STATUS_LABELS[value])}
          </Link>
        ))}
      </nav>
      {data.list.length === 0 ? (
        <p className="empty">
          <Trans>暂无订单</Trans>
        </p>
      ) : (
        <ul className="order-list">
          {data.list.map((order) => (
            <li key={order.masterId} className="card order-card">
              <Link
                className="order-card-link"
                to="/{-$locale}/order"
                params={{ locale: localeParam }}
                search={{ masterOrderNo: order.masterOrderNo }}
              >
                <LazyImage
                  className="order-card-cover"
                  src={order.product.cover}
                  alt=""
                  width={72}
                  height={72}
                />
                <span className="order-card-body">
                  <span className="order-card-head">
                    <strong className="order-card-title">
                      {order.product.title}
                    </strong>
                    <span
                      className={`chip order-status order-status-${order.status}`}
                    >
                      {i18n._(ORDER_STATUS_LABELS[order.status])}
                    </span>
                  </span>
                  <span className="muted">
                    {order.option.label} × {order.quantity}
                  </span>
                  <span className="order-card-foot">
                    <time className="muted" dateTime={order.createdAt}>
                      {formatDateTime(order.createdAt, locale)}
                    </time>
                    <span className="price">
                      <strong>{formatPriceFen(order.totalFen)}</strong>
                    </span>
                  </span>
                </span>
              </Link>
              {order.status === "pending_payment" ? (
                <PayNow order={order} />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={data.page}
        pageSize={MY_ORDERS_PAGE_SIZE}
        total={data.total}
      />
    </div>
  );
}

/** An unpaid order's way to pay, and the time left before the sweeper cancels it. */
function PayNow({ order }: { order: Order }) {
  const localeParam = useLocaleParam();
  const id = useId();
  const left = usePayBefore(order.payBefore);
  if (left === 0) return null;
  return (
    <p className="order-card-pay">
      {left === null ? null : (
        <span id={id} className="muted" role="timer">
          <Trans>剩余 {formatMinutesSeconds(left)}，超时自动取消</Trans>
        </span>
      )}
      <Link
        className="btn btn-primary"
        to="/{-$locale}/order"
        params={{ locale: localeParam }}
        search={{ masterOrderNo: order.masterOrderNo }}
        aria-describedby={left === null ? undefined : id}
      >
        <Trans>去支付</Trans>
      </Link>
    </p>
  );
}
