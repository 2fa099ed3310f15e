// Real WeChat Pay API v3 for one merchant: signed JSAPI/Native/H5 orders, query and close, the JSAPI
// pay parameters for WeixinJSBridge, refunds and their query, and payment and refund notification
// verification. Every answer must carry a valid platform signature before its body is believed.
import { createPrivateKey } from "node:crypto";
import { isIP } from "node:net";
import type { KeyObject } from "node:crypto";
import { z } from "zod";
import { ProviderError, PROVIDERS } from "../errors";
import { DEFAULT_TIMEOUT_MS, requestText } from "../lib/http";
import type { FetchLike } from "../lib/http";
import { randomNonce, systemClock, unixSeconds } from "../lib/runtime";
import type { Clock } from "../lib/runtime";
import { assertTransactionMatchesOrder } from "./orderMatch";
import { toRefund, wireRefundSchema } from "./refundTypes";
import type {
  WechatPayRefund,
  WechatPayRefundNotification,
} from "./refundTypes";
import {
  verifyNotification,
  verifyRefundNotification,
} from "./verifyNotification";
import type {
  IncomingNotification,
  NotificationContext,
} from "./verifyNotification";
import {
  createPlatformKeyring,
  verifyWechatpaySignature,
} from "./verifyWechatpaySignature";
import type {
  PlatformKeyring,
  PlatformPublicKey,
} from "./verifyWechatpaySignature";
import {
  formatAuthorization,
  paySignMessage,
  requestSignatureMessage,
  rsaSign,
} from "./wechatPayCrypto";
import { wechatPayError } from "./wechatPayErrors";
import {
  checkOutRefundNo,
  checkOutTradeNo,
  refundRequestBody,
  rejected,
} from "./wechatPayInput";
import type { CreateRefundInput } from "./wechatPayInput";
import { toTransaction, wireTransactionSchema } from "./wechatPayTypes";
import type {
  WechatPayNotification,
  WechatPayTransaction,
} from "./wechatPayTypes";

export type { CreateRefundInput } from "./wechatPayInput";

export const WECHAT_PAY_BASE = "https://api.mch.weixin.qq.com";
const USER_AGENT = "Fuyuan-Server/0.1 (WeChatPay-APIv3)";

export interface WechatPayClientOptions {
  mchId: string;
  /** Serial number of the merchant API certificate. */
  merchantSerialNo: string;
  /** PEM (PKCS#8 or PKCS#1) of the merchant API private key. */
  merchantPrivateKey: string | KeyObject;
  /** The 32-byte APIv3 key set in the merchant platform. */
  apiV3Key: string;
  platformPublicKeys: readonly PlatformPublicKey[];
  /** App ids (official account, website/open-platform app) orders may be placed for. */
  appIds: readonly string[];
  notifyUrl: string;
  baseUrl?: string;
  fetch?: FetchLike;
  clock?: Clock;
  timeoutMs?: number;
}

export interface PrepayInput {
  outTradeNo: string;
  description: string;
  amountFen: number;
  appId: string;
  /** RFC 3339 deadline for paying, e.g. "2026-11-21T12:00:00+08:00". */
  timeExpire?: string;
}

export interface JsapiPayParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  packageVal: string;
  signType: "RSA";
  paySign: string;
}

export class WechatPayClient {
  readonly mchId: string;
  readonly appIds: readonly string[];
  readonly #options: WechatPayClientOptions;
  readonly #privateKey: KeyObject;
  readonly #keyring: PlatformKeyring;
  readonly #fetch: FetchLike;
  readonly #clock: Clock;

  constructor(options: WechatPayClientOptions) {
    if (Buffer.byteLength(options.apiV3Key, "utf8") !== 32) {
      throw new ProviderError("PAY_MISCONFIGURED", PROVIDERS.wechatPay, {
        message: "the APIv3 key must be 32 bytes",
      });
    }
    this.mchId = options.mchId;
    this.appIds = [...options.appIds];
    this.#options = options;
    this.#privateKey =
      typeof options.merchantPrivateKey === "string"
        ? createPrivateKey(options.merchantPrivateKey)
        : options.merchantPrivateKey;
    this.#keyring = createPlatformKeyring(options.platformPublicKeys);
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#clock = options.clock ?? systemClock;
  }

  /** `POST /v3/pay/transactions/jsapi` → prepay_id (valid for two hours). */
  async createJsapiPrepay(
    input: PrepayInput & { payerOpenid: string },
  ): Promise<string> {
    if (input.payerOpenid === "") throw rejected("payerOpenid is empty");
    const body = await this.#call("POST", "/v3/pay/transactions/jsapi", {
      ...this.#orderBody(input),
      payer: { openid: input.payerOpenid },
    });
    return parseAnswer(z.object({ prepay_id: z.string().min(1) }), body)
      .prepay_id;
  }

  /** `POST /v3/pay/transactions/native` → code_url to render as a QR code. */
  async createNativePrepay(input: PrepayInput): Promise<string> {
    const body = await this.#call(
      "POST",
      "/v3/pay/transactions/native",
      this.#orderBody(input),
    );
    return parseAnswer(z.object({ code_url: z.string().min(1) }), body)
      .code_url;
  }

  /**
   * `POST /v3/pay/transactions/h5` → h5_url, the WeChat page a phone browser outside WeChat opens
   * (append `&redirect_url=` to come back). WeChat compares payer_client_ip with the browser's.
   */
  async createH5Prepay(
    input: PrepayInput & { payerClientIp: string },
  ): Promise<string> {
    if (isIP(input.payerClientIp) === 0)
      throw rejected("payerClientIp is not an IPv4 or IPv6 address");
    const body = await this.#call("POST", "/v3/pay/transactions/h5", {
      ...this.#orderBody(input),
      scene_info: {
        payer_client_ip: input.payerClientIp,
        h5_info: { type: "Wap" },
      },
    });
    return parseAnswer(z.object({ h5_url: z.url() }), body).h5_url;
  }

  /** `GET /v3/pay/transactions/out-trade-no/{no}?mchid=` */
  async queryByOutTradeNo(outTradeNo: string): Promise<WechatPayTransaction> {
    checkOutTradeNo(outTradeNo);
    const query = new URLSearchParams({ mchid: this.mchId });
    const body = await this.#call(
      "GET",
      `/v3/pay/transactions/out-trade-no/${outTradeNo}?${query.toString()}`,
    );
    return toTransaction(parseAnswer(wireTransactionSchema, body));
  }

  /** `POST /v3/pay/transactions/out-trade-no/{no}/close` (204 on success). */
  async closeOrder(outTradeNo: string): Promise<void> {
    checkOutTradeNo(outTradeNo);
    await this.#call(
      "POST",
      `/v3/pay/transactions/out-trade-no/${outTradeNo}/close`,
      { mchid: this.mchId },
    );
  }

  /**
   * `POST /v3/refund/domestic/refunds`: usually answered PROCESSING; the final status arrives by
   * notification or queryRefund. Sending an outRefundNo again returns the same refund.
   * A failure for which `isRefundRefused(error)` holds means WeChat refused and no refund exists;
   * any other (timeout, 5xx, bad signature) leaves it open: query, or repeat with the same outRefundNo.
   */
  async createRefund(input: CreateRefundInput): Promise<WechatPayRefund> {
    const body = await this.#call(
      "POST",
      "/v3/refund/domestic/refunds",
      refundRequestBody(input),
    );
    return toRefund(parseAnswer(wireRefundSchema, body));
  }

  /**
   * `GET /v3/refund/domestic/refunds/{out_refund_no}`; null when WeChat has no such refund (404
   * RESOURCE_NOT_EXISTS), after which createRefund with the same outRefundNo is the safe next step.
   */
  async queryRefund(outRefundNo: string): Promise<WechatPayRefund | null> {
    checkOutRefundNo(outRefundNo);
    let body: unknown;
    try {
      body = await this.#call(
        "GET",
        `/v3/refund/domestic/refunds/${outRefundNo}`,
      );
    } catch (error) {
      if (
        error instanceof ProviderError &&
        error.providerCode === "RESOURCE_NOT_EXISTS"
      ) {
        return null;
      }
      throw error;
    }
    return toRefund(parseAnswer(wireRefundSchema, body));
  }

  /** The arguments of `WeixinJSBridge.invoke("getBrandWCPayRequest", …)`, signed with the merchant key. */
  jsapiPayParams(input: { appId: string; prepayId: string }): JsapiPayParams {
    this.#checkAppId(input.appId);
    const timeStamp = String(unixSeconds(this.#clock));
    const nonceStr = randomNonce(32);
    const packageVal = `prepay_id=${input.prepayId}`;
    return {
      appId: input.appId,
      timeStamp,
      nonceStr,
      packageVal,
      signType: "RSA",
      paySign: rsaSign(
        paySignMessage(input.appId, timeStamp, nonceStr, packageVal),
        this.#privateKey,
      ),
    };
  }

  verifyAndDecryptNotification(
    notification: IncomingNotification,
  ): WechatPayNotification {
    return verifyNotification(notification, this.#notificationContext());
  }

  /** A REFUND.* notification of our merchant; a payment notification is refused (PAY_BAD_RESPONSE). */
  verifyAndDecryptRefundNotification(
    notification: IncomingNotification,
  ): WechatPayRefundNotification {
    return verifyRefundNotification(notification, {
      ...this.#notificationContext(),
      mchId: this.mchId,
    });
  }

  /** Throws PAY_MERCHANT_MISMATCH / PAY_ORDER_MISMATCH / PAY_AMOUNT_MISMATCH. */
  assertMatchesOrder(
    transaction: WechatPayTransaction,
    order: { outTradeNo: string; amountFen: number },
  ): void {
    assertTransactionMatchesOrder(transaction, {
      ...order,
      mchId: this.mchId,
      appIds: this.appIds,
    });
  }

  #notificationContext(): NotificationContext {
    return {
      keyring: this.#keyring,
      apiV3Key: this.#options.apiV3Key,
      clock: this.#clock,
    };
  }

  #orderBody(input: PrepayInput): Record<string, unknown> {
    this.#checkAppId(input.appId);
    checkOutTradeNo(input.outTradeNo);
    if (!Number.isSafeInteger(input.amountFen) || input.amountFen < 1) {
      throw rejected("amountFen must be a positive integer number of fen");
    }
    if (input.description === "" || input.description.length > 127) {
      throw rejected("description must be 1 to 127 characters");
    }
    return {
      appid: input.appId,
      mchid: this.mchId,
      description: input.description,
      out_trade_no: input.outTradeNo,
      ...(input.timeExpire === undefined
        ? {}
        : { time_expire: input.timeExpire }),
      notify_url: this.#options.notifyUrl,
      amount: { total: input.amountFen, currency: "CNY" },
    };
  }

  #checkAppId(appId: string): void {
    if (!this.appIds.includes(appId)) {
      throw new ProviderError("PAY_MISCONFIGURED", PROVIDERS.wechatPay, {
        message: `app id ${appId} is not configured for this merchant`,
      });
    }
  }

  async #call(
    method: "GET" | "POST",
    pathAndQuery: string,
    payload?: unknown,
  ): Promise<unknown> {
    const body = payload === undefined ? "" : JSON.stringify(payload);
    const url = new URL(pathAndQuery, this.#options.baseUrl ?? WECHAT_PAY_BASE);
    // NOTE: sign the path and query exactly as they go on the wire (after URL normalisation).
    const signedUrl = `${url.pathname}${url.search}`;
    const timestamp = String(unixSeconds(this.#clock));
    const nonce = randomNonce(32);
    const authorization = formatAuthorization({
      mchid: this.mchId,
      nonce_str: nonce,
      timestamp,
      serial_no: this.#options.merchantSerialNo,
      signature: rsaSign(
        requestSignatureMessage(method, signedUrl, timestamp, nonce, body),
        this.#privateKey,
      ),
    });
    const response = await requestText(
      this.#fetch,
      url,
      {
        method,
        headers: {
          Authorization: authorization,
          Accept: "application/json",
          "User-Agent": USER_AGENT,
          ...(payload === undefined
            ? {}
            : { "Content-Type": "application/json" }),
        },
        ...(payload === undefined ? {} : { body }),
      },
      this.#options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      {
        provider: PROVIDERS.wechatPay,
        timeout: "PAY_TIMEOUT",
        unavailable: "PAY_UNAVAILABLE",
      },
    );

    const ok = response.status >= 200 && response.status < 300;
    // NOTE: an unsigned 2xx is forged by definition; an error answer is checked when it is signed.
    if (ok || response.headers.has("Wechatpay-Signature")) {
      verifyWechatpaySignature({
        keyring: this.#keyring,
        headers: response.headers,
        body: response.text,
        clock: this.#clock,
      });
    }
    const json = response.text === "" ? undefined : parseJson(response.text);
    if (!ok) {
      const error = z
        .object({ code: z.string(), message: z.string().optional() })
        .safeParse(json);
      throw wechatPayError(
        response.status,
        error.data?.code,
        error.data?.message,
      );
    }
    return json;
  }
}

function parseAnswer<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ProviderError("PAY_BAD_RESPONSE", PROVIDERS.wechatPay, {
      message: "the answer does not have the documented shape",
      cause: parsed.error,
    });
  }
  return parsed.data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
