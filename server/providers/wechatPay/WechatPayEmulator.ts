// Development WeChat Pay: an in-process merchant API v3 that checks the client's signatures, keeps
// transactions and refunds, answers signed like the real service, and builds signed, encrypted
// payment and refund notifications.
// Reached through `fetch` (an in-process transport); tests wrap `handle` in a loopback HTTP server.
import { createPrivateKey, createPublicKey, randomUUID } from "node:crypto";
import type { KeyObject } from "node:crypto";
import { ProviderError, PROVIDERS } from "../errors";
import type { FetchLike } from "../lib/http";
import { randomNonce, systemClock, unixSeconds } from "../lib/runtime";
import type { Clock } from "../lib/runtime";
import type { WechatPayEmulatorKeys } from "./emulatorKeys";
import {
  RESOURCE_ALGORITHM,
  encryptResource,
  parseAuthorization,
  requestSignatureMessage,
  responseSignatureMessage,
  rsaSign,
  rsaVerify,
} from "./wechatPayCrypto";
import type { RefundStatus, WireRefund } from "./refundTypes";
import type { WireTransaction } from "./wechatPayTypes";
import { EmulatedOrders } from "./EmulatedOrders";
import type { EmulatedOrder } from "./EmulatedOrders";
import { EmulatedRefunds } from "./EmulatedRefunds";
import type { EmulatedRefund, RefundFailureCode } from "./EmulatedRefunds";

export interface EmulatorRequest {
  method: string;
  /** Path and query, e.g. "/v3/pay/transactions/out-trade-no/A1?mchid=1900000109". */
  url: string;
  /** Lower-case header names. */
  headers: Readonly<Record<string, string | undefined>>;
  body: string;
}

export interface EmulatorResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface EmulatedNotification {
  notifyUrl: string;
  headers: Record<string, string>;
  rawBody: string;
}

export interface WechatPayEmulatorOptions {
  keys: WechatPayEmulatorKeys;
  mchId: string;
  appIds: readonly string[];
  /** Public origin of our server; code_url points at `${publicUrl}/dev/pay/cashier?prepay_id=…`. */
  publicUrl: string;
  clock?: Clock;
}

const REQUEST_WINDOW_SECONDS = 300;

export class WechatPayEmulator {
  readonly mchId: string;
  readonly #keys: WechatPayEmulatorKeys;
  readonly #merchantPublicKey: KeyObject;
  readonly #platformPrivateKey: KeyObject;
  readonly #clock: Clock;
  readonly #orders: EmulatedOrders;
  readonly #refunds: EmulatedRefunds;

  constructor(options: WechatPayEmulatorOptions) {
    this.mchId = options.mchId;
    this.#keys = options.keys;
    this.#merchantPublicKey = createPublicKey(
      options.keys.merchant.publicKeyPem,
    );
    this.#platformPrivateKey = createPrivateKey(
      options.keys.platform.privateKeyPem,
    );
    this.#clock = options.clock ?? systemClock;
    this.#orders = new EmulatedOrders({
      mchId: options.mchId,
      appIds: options.appIds,
      publicUrl: options.publicUrl,
      clock: this.#clock,
    });
    this.#refunds = new EmulatedRefunds(this.#orders, this.#clock);
  }

  /** The in-process transport: hand it to WechatPayClient as `fetch`. */
  readonly fetch: FetchLike = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const answer = this.handle({
      method: request.method,
      url: `${url.pathname}${url.search}`,
      headers,
      body: await request.text(),
    });
    return new Response(answer.body === "" ? null : answer.body, {
      status: answer.status,
      headers: answer.headers,
    });
  };

  handle(request: EmulatorRequest): EmulatorResponse {
    const refusal = this.#checkAuthorization(request);
    if (refusal !== undefined)
      return this.signResponse(401, { code: "SIGN_ERROR", message: refusal });
    const result =
      this.#refunds.route(request.method, request.url, request.body) ??
      this.#orders.route(request.method, request.url, request.body);
    return this.signResponse(result.status, result.body);
  }

  /** A platform-signed answer; `timestamp` (Unix seconds) lets tests forge stale ones. */
  signResponse(
    status: number,
    body: unknown,
    options: { timestamp?: number } = {},
  ): EmulatorResponse {
    const text = body === undefined ? "" : JSON.stringify(body);
    return {
      status,
      headers: {
        ...(text === ""
          ? {}
          : { "Content-Type": "application/json; charset=utf-8" }),
        "Request-ID": randomUUID(),
        ...this.#signatureHeaders(text, options.timestamp),
      },
      body: text,
    };
  }

  /** The developer "pays" on the cashier page (by prepay id or out_trade_no). */
  completePayment(
    ref: { prepayId?: string; outTradeNo?: string },
    payerOpenid?: string,
  ): WireTransaction {
    return this.#orders.wire(this.#orders.pay(this.#find(ref), payerOpenid));
  }

  transaction(outTradeNo: string): WireTransaction | undefined {
    const order = this.#orders.byOutTradeNo(outTradeNo);
    return order === undefined ? undefined : this.#orders.wire(order);
  }

  orderForPrepayId(prepayId: string): WireTransaction | undefined {
    const order = this.#orders.byPrepayId(prepayId);
    return order === undefined ? undefined : this.#orders.wire(order);
  }

  /** A notification exactly as WeChat Pay would POST it, moving the order to `state` first. */
  buildNotification(
    outTradeNo: string,
    state: "SUCCESS" | "CLOSED",
  ): EmulatedNotification {
    const order = this.#find({ outTradeNo });
    if (state === "SUCCESS" && order.state !== "SUCCESS")
      this.#orders.pay(order);
    if (state === "CLOSED" && order.state !== "CLOSED")
      this.#orders.close(order);
    return this.#notification({
      notifyUrl: order.notifyUrl,
      eventType:
        state === "SUCCESS" ? "TRANSACTION.SUCCESS" : "TRANSACTION.CLOSED",
      summary: state === "SUCCESS" ? "支付成功" : "订单已关闭",
      originalType: "transaction",
      resource: this.#orders.wire(order),
    });
  }

  refund(outRefundNo: string): WireRefund | undefined {
    const refund = this.#refunds.byOutRefundNo(outRefundNo);
    return refund === undefined ? undefined : this.#refunds.wire(refund);
  }

  /** WeChat finishes a PROCESSING refund (or settles an ABNORMAL one); repeating is harmless. */
  completeRefund(
    outRefundNo: string,
    status: Exclude<RefundStatus, "PROCESSING"> = "SUCCESS",
  ): WireRefund {
    const refund = this.#findRefund(outRefundNo);
    return this.#refunds.wire(this.#refunds.complete(refund, status));
  }

  /** The next refund request is refused with this WeChat error code (once). */
  failNextRefund(code: RefundFailureCode): void {
    this.#refunds.failNext(code);
  }

  /** The REFUND.* notification WeChat POSTs once a refund is final (completeRefund first). */
  buildRefundNotification(outRefundNo: string): EmulatedNotification {
    const refund = this.#findRefund(outRefundNo);
    const { eventType, summary, resource } = this.#refunds.notification(refund);
    return this.#notification({
      notifyUrl: refund.notifyUrl,
      eventType,
      summary,
      originalType: "refund",
      resource,
    });
  }

  #notification(input: {
    notifyUrl: string;
    eventType: string;
    summary: string;
    /** Also the associated data of the AES-GCM resource, as WeChat uses it. */
    originalType: "transaction" | "refund";
    resource: unknown;
  }): EmulatedNotification {
    const nonce = randomNonce(12);
    const rawBody = JSON.stringify({
      id: randomUUID(),
      create_time: this.#orders.rfc3339(this.#clock()),
      resource_type: "encrypt-resource",
      event_type: input.eventType,
      summary: input.summary,
      resource: {
        original_type: input.originalType,
        algorithm: RESOURCE_ALGORITHM,
        ciphertext: encryptResource(
          JSON.stringify(input.resource),
          this.#keys.apiV3Key,
          nonce,
          input.originalType,
        ),
        associated_data: input.originalType,
        nonce,
      },
    });
    return {
      notifyUrl: input.notifyUrl,
      headers: {
        "Content-Type": "application/json",
        "Wechatpay-Signature-Type": "WECHATPAY2-SHA256-RSA2048",
        ...this.#signatureHeaders(rawBody),
      },
      rawBody,
    };
  }

  #findRefund(outRefundNo: string): EmulatedRefund {
    const refund = this.#refunds.byOutRefundNo(outRefundNo);
    if (refund === undefined) {
      throw new ProviderError("PAY_ORDER_NOT_FOUND", PROVIDERS.emulator, {
        message: "no such emulated refund",
      });
    }
    return refund;
  }

  #find(ref: { prepayId?: string; outTradeNo?: string }): EmulatedOrder {
    const order =
      ref.prepayId !== undefined
        ? this.#orders.byPrepayId(ref.prepayId)
        : ref.outTradeNo !== undefined
          ? this.#orders.byOutTradeNo(ref.outTradeNo)
          : undefined;
    if (order === undefined) {
      throw new ProviderError("PAY_ORDER_NOT_FOUND", PROVIDERS.emulator, {
        message: "no such emulated order",
      });
    }
    return order;
  }

  #signatureHeaders(body: string, timestamp?: number): Record<string, string> {
    const seconds = String(timestamp ?? unixSeconds(this.#clock));
    const nonce = randomNonce(32);
    return {
      "Wechatpay-Timestamp": seconds,
      "Wechatpay-Nonce": nonce,
      "Wechatpay-Serial": this.#keys.platform.serialNo,
      "Wechatpay-Signature": rsaSign(
        responseSignatureMessage(seconds, nonce, body),
        this.#platformPrivateKey,
      ),
    };
  }

  /** Undefined when the merchant signature is acceptable, else the refusal message WeChat gives. */
  #checkAuthorization(request: EmulatorRequest): string | undefined {
    const auth = parseAuthorization(request.headers.authorization ?? "");
    if (auth === undefined)
      return "Http头Authorization值格式错误，请参考《微信支付商户REST API签名规则》";
    if (auth.mchid !== this.mchId)
      return "商户号与Authorization中的mchid不一致";
    if (auth.serial_no !== this.#keys.merchant.serialNo)
      return "商户证书序列号有误";
    const seconds = /^\d{1,12}$/.test(auth.timestamp)
      ? Number(auth.timestamp)
      : Number.NaN;
    if (
      Number.isNaN(seconds) ||
      Math.abs(unixSeconds(this.#clock) - seconds) > REQUEST_WINDOW_SECONDS
    ) {
      return "Http头Authorization中的timestamp与发起请求的时间不得超过5分钟";
    }
    const message = requestSignatureMessage(
      request.method,
      request.url,
      auth.timestamp,
      auth.nonce_str,
      request.body,
    );
    if (!rsaVerify(message, auth.signature, this.#merchantPublicKey))
      return "错误的签名，验签失败";
    return undefined;
  }
}
