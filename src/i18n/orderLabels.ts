// Translated names of order statuses and timeline actors. In the app catalog, not the orders
// part: the entry's API error messages name statuses too.
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { OrderActor, OrderStatus } from "#contract";

export const ORDER_STATUS_LABELS: Readonly<
  Record<OrderStatus, MessageDescriptor>
> = {
  pending_payment: msg`待支付`,
  paid: msg`已支付`,
  in_service: msg`服务中`,
  completed: msg`已完成`,
  cancelled: msg`已取消`,
  refunded: msg`已退款`,
};

export const ACTOR_LABELS: Readonly<Record<OrderActor, MessageDescriptor>> = {
  user: msg`本人`,
  system: msg`系统`,
  wechat_pay: msg`微信支付`,
  admin: msg({ message: "客服", context: "order timeline actor" }),
  staff: msg({ message: "客服", context: "order timeline actor" }),
  monk: msg({ message: "法师", context: "order timeline actor" }),
};
