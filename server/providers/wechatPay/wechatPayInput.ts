// What WechatPayClient sends, checked before anything is signed: merchant order and refund numbers,
// and the refund request body built from our camelCase input. A failure is PAY_REJECTED and
// nothing goes on the wire.
import { ProviderError, PROVIDERS } from "../errors";

export interface CreateRefundInput {
  /** Ours; always checked, sent only when transactionId is absent. */
  outTradeNo: string;
  /** WeChat's transaction id; when given, the refund names the trade by it. */
  transactionId?: string | undefined;
  /** Ours and the idempotency key: WeChat refunds one out_refund_no once, however often it is sent. */
  outRefundNo: string;
  /** Shown to the payer in WeChat's refund message; at most 80 characters. */
  reason?: string | undefined;
  /** Where WeChat POSTs the REFUND.* notification; no query string. */
  notifyUrl: string;
  refundFen: number;
  /** The trade's amount, which WeChat checks against the trade. */
  totalFen: number;
}

const OUT_TRADE_NO = /^[A-Za-z0-9_\-|*]{6,32}$/;
const OUT_REFUND_NO = /^[A-Za-z0-9_\-|*@]{1,64}$/;
const TRANSACTION_ID = /^[A-Za-z0-9]{1,32}$/;
// NOTE: http is allowed for the development emulator; WeChat itself insists on https.
const NOTIFY_URL = /^https?:\/\/[^\s?#]+$/;
const REASON_MAX_CHARS = 80;

export function rejected(message: string): ProviderError {
  return new ProviderError("PAY_REJECTED", PROVIDERS.wechatPay, { message });
}

export function checkOutTradeNo(outTradeNo: string): void {
  if (!OUT_TRADE_NO.test(outTradeNo)) {
    throw rejected(
      "outTradeNo must be 6-32 characters of letters, digits, _ - | *",
    );
  }
}

export function checkOutRefundNo(outRefundNo: string): void {
  if (!OUT_REFUND_NO.test(outRefundNo)) {
    throw rejected(
      "outRefundNo must be 1-64 characters of letters, digits, _ - | * @",
    );
  }
}

function isFen(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 1;
}

/** The JSON body of `POST /v3/refund/domestic/refunds`. */
export function refundRequestBody(
  input: CreateRefundInput,
): Record<string, unknown> {
  checkOutTradeNo(input.outTradeNo);
  checkOutRefundNo(input.outRefundNo);
  if (
    input.transactionId !== undefined &&
    !TRANSACTION_ID.test(input.transactionId)
  ) {
    throw rejected("transactionId must be 1-32 letters or digits");
  }
  if (!isFen(input.refundFen) || !isFen(input.totalFen)) {
    throw rejected("refundFen and totalFen must be positive integers of fen");
  }
  if (input.refundFen > input.totalFen) {
    throw rejected("refundFen exceeds totalFen");
  }
  if (!NOTIFY_URL.test(input.notifyUrl)) {
    throw rejected("notifyUrl must be an http(s) URL without a query");
  }
  const reason = input.reason ?? "";
  if (reason.length > REASON_MAX_CHARS) {
    throw rejected(`reason must be at most ${REASON_MAX_CHARS} characters`);
  }
  return {
    ...(input.transactionId === undefined
      ? { out_trade_no: input.outTradeNo }
      : { transaction_id: input.transactionId }),
    out_refund_no: input.outRefundNo,
    ...(reason === "" ? {} : { reason }),
    notify_url: input.notifyUrl,
    amount: {
      refund: input.refundFen,
      total: input.totalFen,
      currency: "CNY",
    },
  };
}
