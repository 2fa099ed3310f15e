// WeChat Pay API v3 refund shapes: the refund as `/v3/refund/domestic/refunds` answers it, the
// decrypted resource of a refund notification, and the one camelCase WechatPayRefund both become.
import { z } from "zod";

/** `status` of a refund (`refund_status` in a notification). Only PROCESSING is not final. */
export const REFUND_WIRE_STATUSES = [
  "SUCCESS",
  "CLOSED",
  "PROCESSING",
  "ABNORMAL",
] as const;

export type RefundStatus = (typeof REFUND_WIRE_STATUSES)[number];

/** WeChat notifies a refund once it is final; the event names its status. */
export const REFUND_EVENT_TYPES = [
  "REFUND.SUCCESS",
  "REFUND.ABNORMAL",
  "REFUND.CLOSED",
] as const;

export type RefundEventType = (typeof REFUND_EVENT_TYPES)[number];

/**
 * A refund as the create and query calls answer it.
 * NOTE: WeChat documents channel, user_received_account and the payer_/settlement_ amounts as always
 * present, but only what tracking a refund needs is required here: a refund that exists at WeChat
 * and that we cannot parse is one we could never settle.
 */
export const wireRefundSchema = z.object({
  refund_id: z.string().min(1),
  out_refund_no: z.string().min(1),
  transaction_id: z.string(),
  out_trade_no: z.string(),
  channel: z.string().optional(),
  user_received_account: z.string().optional(),
  success_time: z.string().optional(),
  create_time: z.string(),
  status: z.enum(REFUND_WIRE_STATUSES),
  funds_account: z.string().optional(),
  amount: z.object({
    total: z.number().int(),
    refund: z.number().int(),
    payer_total: z.number().int().optional(),
    payer_refund: z.number().int().optional(),
    settlement_refund: z.number().int().optional(),
    settlement_total: z.number().int().optional(),
    discount_refund: z.number().int().optional(),
    currency: z.string().optional(),
  }),
});

export type WireRefund = z.infer<typeof wireRefundSchema>;

/** The decrypted `resource` of a REFUND.* notification: `refund_status`, no currency, no create_time. */
export const wireRefundNotificationSchema = z.object({
  mchid: z.string(),
  out_trade_no: z.string(),
  transaction_id: z.string(),
  out_refund_no: z.string().min(1),
  refund_id: z.string().min(1),
  refund_status: z.enum(REFUND_WIRE_STATUSES),
  success_time: z.string().optional(),
  user_received_account: z.string().optional(),
  amount: z.object({
    total: z.number().int(),
    refund: z.number().int(),
    payer_total: z.number().int().optional(),
    payer_refund: z.number().int().optional(),
  }),
});

export type WireRefundNotification = z.infer<
  typeof wireRefundNotificationSchema
>;

export interface WechatPayRefund {
  /** WeChat's refund number. */
  refundId: string;
  /** Ours: the idempotency key of the refund. */
  outRefundNo: string;
  outTradeNo: string;
  transactionId: string;
  status: RefundStatus;
  /** RFC 3339 with offset; only once the status is SUCCESS. */
  successTime?: string | undefined;
  /** RFC 3339 with offset; the notification does not carry it. */
  createTime?: string | undefined;
  /** e.g. "支付用户零钱" or "招商银行信用卡0403". */
  userReceivedAccount?: string | undefined;
  /** ORIGINAL, BALANCE, OTHER_BALANCE or OTHER_BANKCARD. */
  channel?: string | undefined;
  amount: {
    /** The trade's amount in fen. */
    total: number;
    /** This refund's amount in fen. */
    refund: number;
    payerTotal?: number | undefined;
    /** What reaches the payer (without coupons), in fen. */
    payerRefund?: number | undefined;
    currency: string;
  };
}

export interface WechatPayRefundNotification {
  id: string;
  eventType: RefundEventType;
  createTime: string;
  summary?: string | undefined;
  refund: WechatPayRefund;
}

/** One mapping for both shapes: the notification says `refund_status` and has no currency. */
export function toRefund(
  wire: WireRefund | WireRefundNotification,
): WechatPayRefund {
  const answer = "status" in wire ? wire : undefined;
  return {
    refundId: wire.refund_id,
    outRefundNo: wire.out_refund_no,
    outTradeNo: wire.out_trade_no,
    transactionId: wire.transaction_id,
    status: "status" in wire ? wire.status : wire.refund_status,
    successTime: wire.success_time,
    createTime: answer?.create_time,
    userReceivedAccount: wire.user_received_account,
    channel: answer?.channel,
    amount: {
      total: wire.amount.total,
      refund: wire.amount.refund,
      payerTotal: wire.amount.payer_total,
      payerRefund: wire.amount.payer_refund,
      // NOTE: refunds are CNY only, so a notification need not repeat the currency.
      currency: answer?.amount.currency ?? "CNY",
    },
  };
}
