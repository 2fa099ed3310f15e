// The emulator's refunds and their two API v3 routes (create, query by out_refund_no), answering with
// WeChat's status codes, error codes and bodies. It never refunds more than a trade's amount, and a
// trade refunded in full moves to REFUND. Refunds stay PROCESSING until a developer completes them.
import { randomInt } from "node:crypto";
import { ProviderError, PROVIDERS } from "../errors";
import type { Clock } from "../lib/runtime";
import type {
  RefundStatus,
  WireRefund,
  WireRefundNotification,
} from "./refundTypes";
import { isPaid, isRecord, jsonObjectBody, routeError } from "./EmulatedOrders";
import type {
  EmulatedOrder,
  EmulatedOrders,
  RouteResult,
} from "./EmulatedOrders";

export interface EmulatedRefund {
  refundId: string;
  outRefundNo: string;
  order: EmulatedOrder;
  notifyUrl: string;
  reason: string | undefined;
  refund: number;
  status: RefundStatus;
  createTime: string;
  successTime: string | undefined;
}

/** What `failNextRefund` can make WeChat answer, with WeChat's HTTP status and message. */
export const REFUND_FAILURES = {
  NOT_ENOUGH: { status: 403, message: "基本账户余额不足，请充值后重新发起" },
  USER_ACCOUNT_ABNORMAL: { status: 403, message: "退款请求失败，用户账户异常" },
  INVALID_REQUEST: {
    status: 400,
    message: "请求参数符合参数格式，但不符合业务规则",
  },
  NO_AUTH: { status: 403, message: "商户无退款权限" },
  FREQUENCY_LIMITED: { status: 429, message: "频率限制" },
  SYSTEM_ERROR: { status: 500, message: "系统超时，请使用相同参数再次调用" },
} as const;

export type RefundFailureCode = keyof typeof REFUND_FAILURES;

const REFUNDS_PATH = "/v3/refund/domestic/refunds";
const REFUND_PATH = /^\/v3\/refund\/domestic\/refunds\/([^/?]+)$/;
const OUT_REFUND_NO = /^[A-Za-z0-9_\-|*@]{1,64}$/;

const SUMMARY: Record<Exclude<RefundStatus, "PROCESSING">, string> = {
  SUCCESS: "退款成功",
  ABNORMAL: "退款异常",
  CLOSED: "退款关闭",
};

export class EmulatedRefunds {
  readonly #orders: EmulatedOrders;
  readonly #clock: Clock;
  readonly #refunds = new Map<string, EmulatedRefund>();
  #nextFailure: RefundFailureCode | undefined;

  constructor(orders: EmulatedOrders, clock: Clock) {
    this.#orders = orders;
    this.#clock = clock;
  }

  byOutRefundNo(outRefundNo: string): EmulatedRefund | undefined {
    return this.#refunds.get(outRefundNo);
  }

  /** The next create request that passes the signature check is answered with this error. */
  failNext(code: RefundFailureCode): void {
    this.#nextFailure = code;
  }

  /** Undefined when the path is not a refund route. */
  route(method: string, url: string, body: string): RouteResult | undefined {
    const { pathname } = new URL(url, "http://emulator.invalid");
    if (pathname === REFUNDS_PATH) {
      return method === "POST"
        ? this.#createRoute(body)
        : routeError(405, "NOT_FOUND", "请求方法不支持");
    }
    const match = REFUND_PATH.exec(pathname);
    if (match?.[1] === undefined) return undefined;
    if (method !== "GET") return routeError(405, "NOT_FOUND", "请求方法不支持");
    const refund = this.#refunds.get(decodeURIComponent(match[1]));
    return refund === undefined
      ? routeError(404, "RESOURCE_NOT_EXISTS", "退款单不存在")
      : { status: 200, body: this.wire(refund) };
  }

  /** WeChat finishes a PROCESSING refund; an ABNORMAL one can still be settled by hand. */
  complete(
    refund: EmulatedRefund,
    status: Exclude<RefundStatus, "PROCESSING">,
  ): EmulatedRefund {
    if (refund.status === status) return refund;
    if (refund.status !== "PROCESSING" && refund.status !== "ABNORMAL") {
      throw new ProviderError("PAY_REJECTED", PROVIDERS.emulator, {
        message: `refund ${refund.outRefundNo} is already ${refund.status}`,
      });
    }
    refund.status = status;
    if (status === "SUCCESS")
      refund.successTime = this.#orders.rfc3339(this.#clock());
    this.#settleTrade(refund.order);
    return refund;
  }

  wire(refund: EmulatedRefund): WireRefund {
    const { order } = refund;
    return {
      refund_id: refund.refundId,
      out_refund_no: refund.outRefundNo,
      transaction_id: order.transactionId ?? "",
      out_trade_no: order.outTradeNo,
      channel: "ORIGINAL",
      user_received_account: "支付用户零钱",
      ...(refund.successTime === undefined
        ? {}
        : { success_time: refund.successTime }),
      create_time: refund.createTime,
      status: refund.status,
      funds_account: "AVAILABLE",
      amount: {
        total: order.total,
        refund: refund.refund,
        payer_total: order.total,
        payer_refund: refund.refund,
        settlement_refund: refund.refund,
        settlement_total: order.total,
        discount_refund: 0,
        currency: "CNY",
      },
    };
  }

  /** The decrypted resource of the refund's notification, and its event_type and summary. */
  notification(refund: EmulatedRefund): {
    eventType: string;
    summary: string;
    resource: WireRefundNotification;
  } {
    if (refund.status === "PROCESSING") {
      throw new ProviderError("PAY_REJECTED", PROVIDERS.emulator, {
        message: `refund ${refund.outRefundNo} is PROCESSING: WeChat notifies final refunds only`,
      });
    }
    const wire = this.wire(refund);
    return {
      eventType: `REFUND.${refund.status}`,
      summary: SUMMARY[refund.status],
      resource: {
        mchid: refund.order.mchid,
        out_trade_no: wire.out_trade_no,
        transaction_id: wire.transaction_id,
        out_refund_no: wire.out_refund_no,
        refund_id: wire.refund_id,
        refund_status: wire.status,
        ...(wire.success_time === undefined
          ? {}
          : { success_time: wire.success_time }),
        user_received_account: "支付用户零钱",
        amount: {
          total: wire.amount.total,
          refund: wire.amount.refund,
          payer_total: refund.order.total,
          payer_refund: refund.refund,
        },
      },
    };
  }

  #createRoute(body: string): RouteResult {
    const parsed = jsonObjectBody(body);
    if (!parsed.ok) return parsed.answer;
    const request = readCreateRequest(parsed.value);
    if (typeof request === "string")
      return routeError(400, "PARAM_ERROR", `参数错误：${request}`);

    const failure = this.#nextFailure;
    this.#nextFailure = undefined;
    if (failure !== undefined) {
      const { status, message } = REFUND_FAILURES[failure];
      return routeError(status, failure, message);
    }

    const order =
      request.transactionId !== undefined
        ? this.#orders.byTransactionId(request.transactionId)
        : this.#orders.byOutTradeNo(request.outTradeNo ?? "");
    if (order === undefined)
      return routeError(404, "RESOURCE_NOT_EXISTS", "订单不存在");

    const existing = this.#refunds.get(request.outRefundNo);
    if (existing !== undefined) {
      // NOTE: one out_refund_no refunds once: a repeat gets the same refund, a different one is refused.
      return existing.order === order && existing.refund === request.refund
        ? { status: 200, body: this.wire(existing) }
        : routeError(
            400,
            "INVALID_REQUEST",
            "商户退款单号已存在，且退款参数与原请求不一致",
          );
    }
    if (!isPaid(order))
      return routeError(400, "INVALID_REQUEST", "订单未支付，不能退款");
    if (request.total !== order.total)
      return routeError(400, "INVALID_REQUEST", "订单金额与原订单金额不一致");
    // NOTE: WeChat's NOT_ENOUGH is the merchant's balance being short (see failNext); asking for more
    // than the trade has left is a business-rule refusal, INVALID_REQUEST.
    if (this.#refunded(order) + request.refund > order.total)
      return routeError(400, "INVALID_REQUEST", "申请退款金额超过订单可退金额");

    const refund: EmulatedRefund = {
      refundId: refundId(),
      outRefundNo: request.outRefundNo,
      order,
      notifyUrl: request.notifyUrl,
      reason: request.reason,
      refund: request.refund,
      status: "PROCESSING",
      createTime: this.#orders.rfc3339(this.#clock()),
      successTime: undefined,
    };
    this.#refunds.set(refund.outRefundNo, refund);
    this.#settleTrade(order);
    return { status: 200, body: this.wire(refund) };
  }

  /** What the trade has given back or is giving back; a CLOSED refund returned its money. */
  #refunded(order: EmulatedOrder): number {
    let sum = 0;
    for (const refund of this.#refunds.values())
      if (refund.order === order && refund.status !== "CLOSED")
        sum += refund.refund;
    return sum;
  }

  #settleTrade(order: EmulatedOrder): void {
    if (!isPaid(order)) return;
    order.state = this.#refunded(order) >= order.total ? "REFUND" : "SUCCESS";
  }
}

interface CreateRequest {
  transactionId: string | undefined;
  outTradeNo: string | undefined;
  outRefundNo: string;
  reason: string | undefined;
  notifyUrl: string;
  refund: number;
  total: number;
}

/** The request's fields, or the names of those missing or malformed. */
function readCreateRequest(
  body: Record<string, unknown>,
): CreateRequest | string {
  const {
    transaction_id: transactionId,
    out_trade_no: outTradeNo,
    out_refund_no: outRefundNo,
    reason,
    notify_url: notifyUrl,
    amount,
  } = body;
  const refund = isRecord(amount) ? amount.refund : undefined;
  const total = isRecord(amount) ? amount.total : undefined;
  const currency = isRecord(amount) ? amount.currency : undefined;
  const named = (value: unknown) => typeof value === "string" && value !== "";
  const missing = [
    named(transactionId) || named(outTradeNo)
      ? undefined
      : "transaction_id/out_trade_no",
    typeof outRefundNo === "string" && OUT_REFUND_NO.test(outRefundNo)
      ? undefined
      : "out_refund_no",
    reason === undefined || (typeof reason === "string" && reason.length <= 80)
      ? undefined
      : "reason",
    // NOTE: WeChat would fall back to the URL set in the merchant platform; the emulator has none.
    typeof notifyUrl === "string" && /^https?:\/\/[^?#]+$/.test(notifyUrl)
      ? undefined
      : "notify_url",
    Number.isSafeInteger(refund) && (refund as number) >= 1
      ? undefined
      : "amount.refund",
    Number.isSafeInteger(total) && (total as number) >= 1
      ? undefined
      : "amount.total",
    currency === "CNY" ? undefined : "amount.currency",
  ].filter((field) => field !== undefined);
  if (missing.length > 0) return missing.join(", ");
  return {
    transactionId: named(transactionId) ? (transactionId as string) : undefined,
    outTradeNo: named(outTradeNo) ? (outTradeNo as string) : undefined,
    outRefundNo: outRefundNo as string,
    reason: reason as string | undefined,
    notifyUrl: notifyUrl as string,
    refund: refund as number,
    total: total as number,
  };
}

/** A 29-digit refund id in the shape WeChat Pay issues ("50…"). */
function refundId(): string {
  let digits = "50";
  for (let i = 0; i < 27; i++) digits += String(randomInt(10));
  return digits;
}
