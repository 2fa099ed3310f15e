// What the desk shows of one order: the customer (with a way into the chat with them), what was
// ordered and for whom, and the refund request with its review.
import type { ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type {
  OrderCustomer,
  RefundView,
  StaffOrderDetail,
} from "../../api/staff";
import type { Locale } from "../../api/types";
import { formatDate, formatDateTime, formatPriceFen } from "../../lib/format";
import { ChatIcon } from "../../ui/icons";
import { ChatWithLink } from "../../features/chatEntry/ChatWithLink";
import { REFUND_LABELS } from "./staffLabels";

type Row = readonly [label: string, value: ReactNode];

/** Rows whose value is null are left out. */
function Fields({ rows }: { rows: readonly (Row | null)[] }) {
  return (
    <dl className="staff-fields">
      {rows.map((row) =>
        row === null ? null : (
          <div key={row[0]} className="staff-field">
            <dt>{row[0]}</dt>
            <dd>{row[1]}</dd>
          </div>
        ),
      )}
    </dl>
  );
}

const when = (iso: string, locale: Locale, day = false) => (
  <time dateTime={iso}>
    {day ? formatDate(iso, locale) : formatDateTime(iso, locale)}
  </time>
);

export function CustomerCard({
  customer,
  headingId,
}: {
  customer: OrderCustomer;
  headingId: string;
}) {
  const { userId } = customer;
  return (
    <section
      className="card staff-card staff-customer"
      aria-labelledby={headingId}
    >
      <h3 id={headingId}>
        <Trans>客户</Trans>
      </h3>
      <div className="staff-customer-row">
        <img
          className="staff-avatar"
          src={customer.avatarUrl}
          alt=""
          width={44}
          height={44}
        />
        <span className="staff-customer-name">
          <strong>{customer.nickname}</strong>
          <span className="muted">
            <Trans>用户 ID {userId}</Trans>
          </span>
        </span>
        <ChatWithLink imId={customer.imId} className="btn btn-ghost staff-chat">
          <ChatIcon size={18} />
          <Trans>联系客户</Trans>
        </ChatWithLink>
      </div>
    </section>
  );
}

export function OrderFacts({
  order,
  locale,
  headingId,
}: {
  order: StaffOrderDetail;
  locale: Locale;
  headingId: string;
}) {
  const { t } = useLingui();
  const optional = (label: string, value: ReactNode | null): Row | null =>
    value === null ? null : [label, value];
  return (
    <section className="card staff-card" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <Trans>订单信息</Trans>
      </h3>
      <Fields
        rows={[
          [t`服务`, order.product.title],
          [t`方案`, order.option.label],
          [t`数量`, String(order.quantity)],
          [
            t`金额`,
            <span key="amount" className="price">
              <strong>{formatPriceFen(order.totalFen)}</strong>
            </span>,
          ],
          optional(t`法师`, order.product.monkName),
          optional(t`受益人`, order.beneficiaryName),
          optional(
            t`出生日期`,
            order.birthDate === null
              ? null
              : formatDate(order.birthDate, locale),
          ),
          optional(t`心愿`, order.wish),
          [t`祈福墙展示`, order.showOnWall ? t`匿名展示` : t`不展示`],
          [t`订单号`, order.masterOrderNo],
          [t`下单时间`, when(order.createdAt, locale)],
          optional(
            t`付款时间`,
            order.paidAt === null ? null : when(order.paidAt, locale),
          ),
          optional(
            t`安排日期`,
            order.plannedAt === null
              ? null
              : when(order.plannedAt, locale, true),
          ),
          optional(
            t`完成时间`,
            order.completedAt === null ? null : when(order.completedAt, locale),
          ),
        ]}
      />
    </section>
  );
}

export function RefundFacts({
  refund,
  locale,
  headingId,
}: {
  refund: RefundView;
  locale: Locale;
  headingId: string;
}) {
  const { t, i18n } = useLingui();
  return (
    <section className="card staff-card" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <Trans>退款</Trans>
      </h3>
      <Fields
        rows={[
          [t`状态`, i18n._(REFUND_LABELS[refund.status])],
          [t`退款原因`, refund.reason],
          [
            t`退款金额`,
            <span key="amount" className="price">
              <strong>{formatPriceFen(refund.amountFen)}</strong>
            </span>,
          ],
          [t`申请时间`, when(refund.requestedAt, locale)],
          refund.reviewReason === null
            ? null
            : [t`审核意见`, refund.reviewReason],
          refund.reviewedAt === null
            ? null
            : [t`审核时间`, when(refund.reviewedAt, locale)],
          refund.refundedAt === null
            ? null
            : [t`退款时间`, when(refund.refundedAt, locale)],
        ]}
      />
    </section>
  );
}
