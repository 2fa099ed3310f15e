// The emulator's order book and its five API v3 routes (JSAPI, Native and H5 prepay, query by
// out_trade_no, close), answering with the documented status codes, error codes and bodies.
import { randomBytes, randomInt } from "node:crypto";
import { isIP } from "node:net";
import { ProviderError, PROVIDERS } from "../errors";
import type { Clock } from "../lib/runtime";
import type { TradeState, WireTransaction } from "./wechatPayTypes";

export interface EmulatedOrder {
  appid: string;
  mchid: string;
  description: string;
  outTradeNo: string;
  notifyUrl: string;
  total: number;
  tradeType: TradeType;
  payerOpenid: string | undefined;
  state: TradeState;
  transactionId: string | undefined;
  successTime: string | undefined;
  prepayIds: string[];
  /** The order parameters as first placed; a different repeat is a duplicate out_trade_no. */
  fingerprint: string;
}

/** WeChat Pay's trade_type of each prepay route (H5 is "MWEB"). */
export type TradeType = "JSAPI" | "NATIVE" | "MWEB";

/** The emulator's H5 cashier: h5_url points here (the browser appends `&redirect_url=`). */
export const EMULATED_H5_PATH = "/dev/pay/h5";

const H5_TYPES = ["Wap", "iOS", "Android"];

export interface RouteResult {
  status: number;
  body?: unknown;
}

interface OrdersOptions {
  mchId: string;
  appIds: readonly string[];
  publicUrl: string;
  clock: Clock;
}

const ORDER_PATH =
  /^\/v3\/pay\/transactions\/out-trade-no\/([^/?]+)(\/close)?$/;

/** WeChat's error answer: `{code, message}` with its HTTP status. */
export function routeError(
  status: number,
  code: string,
  message: string,
): RouteResult {
  return { status, body: { code, message } };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The JSON object a route was sent, or WeChat's PARAM_ERROR answer to anything else. */
export function jsonObjectBody(
  body: string,
):
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; answer: RouteResult } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return {
      ok: false,
      answer: routeError(400, "PARAM_ERROR", "请求体不是合法的JSON"),
    };
  }
  return isRecord(parsed)
    ? { ok: true, value: parsed }
    : {
        ok: false,
        answer: routeError(400, "PARAM_ERROR", "请求体不是合法的JSON对象"),
      };
}

/** Paid at some time: SUCCESS, or REFUND once refunded in full. */
export function isPaid(order: EmulatedOrder): boolean {
  return order.transactionId !== undefined;
}

export class EmulatedOrders {
  readonly #options: OrdersOptions;
  readonly #orders = new Map<string, EmulatedOrder>();
  readonly #prepay = new Map<string, string>();

  constructor(options: OrdersOptions) {
    this.#options = options;
  }

  byOutTradeNo(outTradeNo: string): EmulatedOrder | undefined {
    return this.#orders.get(outTradeNo);
  }

  byTransactionId(transactionId: string): EmulatedOrder | undefined {
    for (const order of this.#orders.values())
      if (order.transactionId === transactionId) return order;
    return undefined;
  }

  byPrepayId(prepayId: string): EmulatedOrder | undefined {
    const outTradeNo = this.#prepay.get(prepayId);
    return outTradeNo === undefined ? undefined : this.#orders.get(outTradeNo);
  }

  route(method: string, url: string, body: string): RouteResult {
    const { pathname, searchParams } = new URL(url, "http://emulator.invalid");
    if (method === "POST" && pathname === "/v3/pay/transactions/jsapi")
      return this.#prepayRoute("JSAPI", body);
    if (method === "POST" && pathname === "/v3/pay/transactions/native")
      return this.#prepayRoute("NATIVE", body);
    if (method === "POST" && pathname === "/v3/pay/transactions/h5")
      return this.#prepayRoute("MWEB", body);
    const match = ORDER_PATH.exec(pathname);
    const outTradeNo =
      match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
    if (
      outTradeNo !== undefined &&
      match?.[2] === undefined &&
      method === "GET"
    ) {
      if (searchParams.get("mchid") !== this.#options.mchId)
        return routeError(400, "PARAM_ERROR", "mchid 参数错误");
      const order = this.#orders.get(outTradeNo);
      return order === undefined
        ? routeError(404, "ORDER_NOT_EXIST", "订单不存在")
        : { status: 200, body: this.wire(order) };
    }
    if (
      outTradeNo !== undefined &&
      match?.[2] !== undefined &&
      method === "POST"
    ) {
      return this.#closeRoute(outTradeNo, body);
    }
    return routeError(404, "NOT_FOUND", "资源不存在");
  }

  pay(order: EmulatedOrder, payerOpenid?: string): EmulatedOrder {
    if (order.state === "SUCCESS") return order;
    if (order.state !== "NOTPAY") {
      throw new ProviderError("PAY_ORDER_CLOSED", PROVIDERS.emulator, {
        message: `order ${order.outTradeNo} is ${order.state}`,
      });
    }
    order.state = "SUCCESS";
    order.payerOpenid =
      payerOpenid ??
      order.payerOpenid ??
      `oEmulatedPayer${randomBytes(6).toString("hex")}`;
    order.transactionId = transactionId();
    order.successTime = this.rfc3339(this.#options.clock());
    return order;
  }

  close(order: EmulatedOrder): EmulatedOrder {
    if (isPaid(order)) {
      throw new ProviderError("PAY_ORDER_PAID", PROVIDERS.emulator, {
        message: `order ${order.outTradeNo} is already paid`,
      });
    }
    order.state = "CLOSED";
    return order;
  }

  wire(order: EmulatedOrder): WireTransaction {
    const paid = isPaid(order);
    return {
      appid: order.appid,
      mchid: order.mchid,
      out_trade_no: order.outTradeNo,
      ...(order.transactionId === undefined
        ? {}
        : { transaction_id: order.transactionId }),
      ...(paid ? { trade_type: order.tradeType, bank_type: "OTHERS" } : {}),
      trade_state: order.state,
      trade_state_desc: STATE_DESC[order.state],
      ...(order.successTime === undefined
        ? {}
        : { success_time: order.successTime }),
      ...(order.payerOpenid === undefined
        ? {}
        : { payer: { openid: order.payerOpenid } }),
      amount: {
        total: order.total,
        ...(paid ? { payer_total: order.total } : {}),
        currency: "CNY",
        payer_currency: "CNY",
      },
    };
  }

  /** "2026-11-21T17:04:05+08:00": WeChat Pay reports Beijing time with its offset. */
  rfc3339(ms: number): string {
    return `${new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
  }

  #prepayRoute(tradeType: TradeType, body: string): RouteResult {
    const parsed = jsonObjectBody(body);
    if (!parsed.ok) return parsed.answer;
    const {
      appid,
      mchid,
      description,
      out_trade_no: outTradeNo,
      notify_url: notifyUrl,
      amount,
      payer,
      scene_info: scene,
    } = parsed.value;
    const total = isRecord(amount) ? amount.total : undefined;
    const openid = isRecord(payer) ? payer.openid : undefined;
    const clientIp = isRecord(scene) ? scene.payer_client_ip : undefined;
    const h5 = isRecord(scene) ? scene.h5_info : undefined;
    const missing = [
      typeof appid === "string" && appid !== "" ? undefined : "appid",
      typeof mchid === "string" && mchid !== "" ? undefined : "mchid",
      typeof description === "string" && description !== ""
        ? undefined
        : "description",
      typeof outTradeNo === "string" &&
      /^[A-Za-z0-9_\-|*]{6,32}$/.test(outTradeNo)
        ? undefined
        : "out_trade_no",
      typeof notifyUrl === "string" && /^https?:\/\/[^?#]+$/.test(notifyUrl)
        ? undefined
        : "notify_url",
      Number.isSafeInteger(total) && (total as number) >= 1
        ? undefined
        : "amount.total",
      tradeType !== "JSAPI" || (typeof openid === "string" && openid !== "")
        ? undefined
        : "payer.openid",
      tradeType !== "MWEB" || (typeof clientIp === "string" && isIP(clientIp))
        ? undefined
        : "scene_info.payer_client_ip",
      tradeType !== "MWEB" ||
      (isRecord(h5) && H5_TYPES.includes(String(h5.type)))
        ? undefined
        : "scene_info.h5_info.type",
    ].filter((field) => field !== undefined);
    if (
      missing.length > 0 ||
      typeof appid !== "string" ||
      typeof outTradeNo !== "string"
    ) {
      return routeError(400, "PARAM_ERROR", `参数错误：${missing.join(", ")}`);
    }
    if (mchid !== this.#options.mchId)
      return routeError(400, "MCH_NOT_EXISTS", "商户号不存在");
    if (!this.#options.appIds.includes(appid))
      return routeError(400, "APPID_MCHID_NOT_MATCH", "appid和mch_id不匹配");

    const fingerprint = JSON.stringify([
      tradeType,
      appid,
      description,
      notifyUrl,
      total,
      openid ?? null,
    ]);
    let order = this.#orders.get(outTradeNo);
    if (order !== undefined) {
      if (isPaid(order)) return routeError(400, "ORDERPAID", "该订单已支付");
      if (order.state === "CLOSED")
        return routeError(400, "ORDER_CLOSED", "订单已关闭");
      if (order.fingerprint !== fingerprint)
        return routeError(400, "INVALID_REQUEST", "201 商户订单号重复");
    } else {
      order = {
        appid,
        mchid: this.#options.mchId,
        description: description as string,
        outTradeNo,
        notifyUrl: notifyUrl as string,
        total: total as number,
        tradeType,
        payerOpenid: typeof openid === "string" ? openid : undefined,
        state: "NOTPAY",
        transactionId: undefined,
        successTime: undefined,
        prepayIds: [],
        fingerprint,
      };
      this.#orders.set(outTradeNo, order);
    }
    const prepayId = this.#prepayId();
    order.prepayIds.push(prepayId);
    this.#prepay.set(prepayId, outTradeNo);
    if (tradeType === "JSAPI")
      return { status: 200, body: { prepay_id: prepayId } };
    const cashier = new URL(
      tradeType === "MWEB" ? EMULATED_H5_PATH : "/dev/pay/cashier",
      this.#options.publicUrl,
    );
    cashier.searchParams.set("prepay_id", prepayId);
    if (tradeType === "NATIVE")
      return { status: 200, body: { code_url: cashier.toString() } };
    // NOTE: like WeChat's checkmweb URL, it has a query, so `&redirect_url=` can be appended.
    cashier.searchParams.set("package", String(randomInt(1e9, 1e10)));
    return { status: 200, body: { h5_url: cashier.toString() } };
  }

  #closeRoute(outTradeNo: string, body: string): RouteResult {
    let mchid: unknown;
    try {
      const parsed: unknown = JSON.parse(body);
      mchid = isRecord(parsed) ? parsed.mchid : undefined;
    } catch {
      return routeError(400, "PARAM_ERROR", "请求体不是合法的JSON");
    }
    if (mchid !== this.#options.mchId)
      return routeError(400, "PARAM_ERROR", "mchid 参数错误");
    const order = this.#orders.get(outTradeNo);
    if (order === undefined)
      return routeError(404, "ORDER_NOT_EXIST", "订单不存在");
    if (isPaid(order)) return routeError(400, "ORDERPAID", "该订单已支付");
    this.close(order);
    return { status: 204 };
  }

  /** "wx" + Beijing yyyyMMddHHmmss + 20 hex + "0000", the shape of real prepay ids. */
  #prepayId(): string {
    const stamp = this.rfc3339(this.#options.clock())
      .slice(0, 19)
      .replace(/\D/g, "");
    return `wx${stamp}${randomBytes(10).toString("hex")}0000`;
  }
}

const STATE_DESC: Record<TradeState, string> = {
  SUCCESS: "支付成功",
  REFUND: "转入退款",
  NOTPAY: "订单未支付",
  CLOSED: "订单已关闭",
  REVOKED: "已撤销",
  USERPAYING: "用户支付中",
  PAYERROR: "支付失败",
};

/** A 28-digit transaction id in the shape WeChat Pay issues ("4200…"). */
function transactionId(): string {
  let digits = "4200";
  for (let i = 0; i < 24; i++) digits += String(randomInt(10));
  return digits;
}
