// The moves the caller may make on an order now (`can`): review its refund, start its service,
// mark it completed; or a line saying it needs nothing. The desk's order pane and the chat
// workspace's order list show the same forms (the workspace inside a StaffActionPlace).
import { Trans } from "@lingui/react/macro";
import type { StaffOrderDetail } from "../../api/staff";
import { CompleteForm } from "./CompleteForm";
import { RefundReview } from "./RefundReview";
import { StartServiceForm } from "./StartServiceForm";

export function OrderActions({ order }: { readonly order: StaffOrderDetail }) {
  const { can, refund } = order;
  const idle = !can.startService && !can.complete && !can.reviewRefund;
  return (
    <>
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
    </>
  );
}
