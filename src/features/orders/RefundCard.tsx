// The order's latest refund as its owner sees it: what state it is in and what happens next (under
// review, declined with the staff's reason while the blessing goes on, being refunded, refunded
// with the amount and time, or stuck with staff following up), the amount, when and why it was
// asked; after a decline, asking again when the server allows it. Shows only what the server says.
import type { Ref } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { RefundView } from "../../api/commerce";
import type { Locale } from "../../api/types";
import { formatDateTime, formatPriceFen } from "../../lib/format";
import { OrderFields, type FieldRow } from "./OrderFields";

interface RefundCardProps {
  readonly refund: RefundView;
  /** The owner may ask (again) now. */
  readonly refundable: boolean;
  readonly locale: Locale;
  readonly onAskAgain: () => void;
  /** The heading, focused after a request is sent. */
  readonly headingRef?: Ref<HTMLHeadingElement>;
}

function Headline({ refund, locale }: { refund: RefundView; locale: Locale }) {
  const amount = formatPriceFen(refund.amountFen);
  switch (refund.status) {
    case "requested":
      return <Trans>退款申请审核中</Trans>;
    case "declined":
      return <Trans>退款申请未通过</Trans>;
    case "processing":
      return <Trans>退款处理中，款项将原路退回</Trans>;
    case "succeeded": {
      const at = refund.refundedAt ?? refund.reviewedAt ?? refund.requestedAt;
      return (
        <Trans>
          已退款 {amount}，于{" "}
          <time dateTime={at}>{formatDateTime(at, locale)}</time> 原路退回
        </Trans>
      );
    }
    case "failed":
      return <Trans>退款遇到问题，客服会联系您</Trans>;
  }
}

function NextStep({ refund }: { refund: RefundView }) {
  switch (refund.status) {
    case "requested":
      return <Trans>客服会尽快审核，审核期间法事暂缓安排。</Trans>;
    case "declined":
      return <Trans>法事将照常进行。</Trans>;
    case "processing":
      return <Trans>到账时间以微信支付为准，请留意微信支付通知。</Trans>;
    case "succeeded":
      return <Trans>款项已退回您付款的微信账户，订单已关闭。</Trans>;
    case "failed":
      return <Trans>款项尚未退回，我们会尽快处理。</Trans>;
  }
}

export function RefundCard({
  refund,
  refundable,
  locale,
  onAskAgain,
  headingRef,
}: RefundCardProps) {
  const { t } = useLingui();
  const rows: FieldRow[] = [
    // NOTE: a refunded amount is in the headline already.
    [
      t`退款金额`,
      refund.status === "succeeded" ? null : formatPriceFen(refund.amountFen),
    ],
    [t`申请时间`, formatDateTime(refund.requestedAt, locale)],
    [t`退款原因`, refund.reason],
    // NOTE: why staff declined, or the note they gave with an approval.
    [t`客服说明`, refund.reviewReason?.trim() ? refund.reviewReason : null],
  ];
  return (
    <section
      className={`card order-refund order-refund-${refund.status}`}
      aria-labelledby="order-refund-title"
      data-testid="order-refund"
    >
      <h2 id="order-refund-title" ref={headingRef} tabIndex={-1}>
        <Trans>退款申请</Trans>
      </h2>
      <p className="order-refund-state">
        <Headline refund={refund} locale={locale} />
      </p>
      <p className="order-refund-next muted">
        <NextStep refund={refund} />
      </p>
      <OrderFields rows={rows} />
      {refund.status === "declined" && refundable ? (
        <p className="order-refund-again">
          <button type="button" className="btn btn-ghost" onClick={onAskAgain}>
            <Trans>再次申请退款</Trans>
          </button>
        </p>
      ) : null}
    </section>
  );
}
