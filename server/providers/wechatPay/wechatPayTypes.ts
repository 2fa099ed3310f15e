// WeChat Pay API v3 wire shapes (transaction, notification envelope) as zod schemas, and the typed
// camelCase transaction the rest of the server sees.
import { z } from "zod";

export const TRADE_STATES = [
  "SUCCESS",
  "REFUND",
  "NOTPAY",
  "CLOSED",
  "REVOKED",
  "USERPAYING",
  "PAYERROR",
] as const;

export type TradeState = (typeof TRADE_STATES)[number];

/** A transaction as WeChat Pay sends it (query answer, decrypted notification resource). */
export const wireTransactionSchema = z.object({
  appid: z.string(),
  mchid: z.string(),
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  trade_type: z.string().optional(),
  trade_state: z.enum(TRADE_STATES),
  trade_state_desc: z.string().optional(),
  bank_type: z.string().optional(),
  attach: z.string().optional(),
  success_time: z.string().optional(),
  payer: z.object({ openid: z.string().optional() }).optional(),
  amount: z.object({
    total: z.number().int(),
    payer_total: z.number().int().optional(),
    currency: z.string().optional(),
    payer_currency: z.string().optional(),
  }),
});

export type WireTransaction = z.infer<typeof wireTransactionSchema>;

export const notificationEnvelopeSchema = z.object({
  id: z.string(),
  create_time: z.string(),
  event_type: z.string(),
  resource_type: z.string(),
  summary: z.string().optional(),
  resource: z.object({
    original_type: z.string().optional(),
    algorithm: z.string(),
    ciphertext: z.string(),
    associated_data: z.string().optional(),
    nonce: z.string(),
  }),
});

export interface WechatPayTransaction {
  appId: string;
  mchId: string;
  outTradeNo: string;
  transactionId?: string | undefined;
  tradeType?: string | undefined;
  tradeState: TradeState;
  tradeStateDesc?: string | undefined;
  /** RFC 3339 with offset, e.g. "2018-06-08T10:34:56+08:00". */
  successTime?: string | undefined;
  payerOpenid?: string | undefined;
  amount: {
    /** Order amount in fen. */
    total: number;
    /** What the payer actually paid (after coupons), in fen. */
    payerTotal?: number | undefined;
    currency: string;
  };
}

export interface WechatPayNotification {
  id: string;
  eventType: string;
  createTime: string;
  summary?: string | undefined;
  transaction: WechatPayTransaction;
}

export function toTransaction(wire: WireTransaction): WechatPayTransaction {
  return {
    appId: wire.appid,
    mchId: wire.mchid,
    outTradeNo: wire.out_trade_no,
    transactionId: wire.transaction_id,
    tradeType: wire.trade_type,
    tradeState: wire.trade_state,
    tradeStateDesc: wire.trade_state_desc,
    successTime: wire.success_time,
    payerOpenid: wire.payer?.openid,
    amount: {
      total: wire.amount.total,
      payerTotal: wire.amount.payer_total,
      currency: wire.amount.currency ?? "CNY",
    },
  };
}
