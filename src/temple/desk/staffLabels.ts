// Translated names the desk shows: its queues, a refund's states and who made a move.
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { RefundStatus, StaffOrderQueue } from "#contract";

export const QUEUE_LABELS: Readonly<
  Record<StaffOrderQueue, MessageDescriptor>
> = {
  agenda: msg`日程`,
  to_start: msg`待开始`,
  in_service: msg`服务中`,
  refund_requested: msg`退款申请`,
  all: msg`全部`,
};

export const QUEUE_EMPTY: Readonly<Record<StaffOrderQueue, MessageDescriptor>> =
  {
    agenda: msg`没有要做的法事`,
    to_start: msg`没有等待开始的订单`,
    in_service: msg`没有服务中的订单`,
    refund_requested: msg`没有待审核的退款申请`,
    all: msg`暂无订单`,
  };

export const REFUND_LABELS: Readonly<Record<RefundStatus, MessageDescriptor>> =
  {
    requested: msg`退款待审核`,
    declined: msg`退款已拒绝`,
    processing: msg`退款处理中`,
    succeeded: msg`已退款`,
    failed: msg`退款失败`,
  };

const ACTOR_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  user: msg`用户`,
  system: msg`系统`,
  wechat_pay: msg`微信支付`,
  admin: msg`管理员`,
  staff: msg`客服`,
  monk: msg`法师`,
};

/** Who made a move; an actor this client does not know yet reads as the system. */
export function actorLabel(actor: string): MessageDescriptor {
  return (
    (Object.hasOwn(ACTOR_LABELS, actor) ? ACTOR_LABELS[actor] : undefined) ??
    msg`系统`
  );
}
