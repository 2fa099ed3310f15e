// Official-account credentials for the JS-SDK: the global access_token (`/cgi-bin/token`) and the
// jsapi_ticket (`/cgi-bin/ticket/getticket`), each cached in memory until shortly before it expires.
import { DEFAULT_TIMEOUT_MS } from "../lib/http";
import type { FetchLike } from "../lib/http";
import { isProviderError } from "../errors";
import { randomNonce, systemClock, unixSeconds } from "../lib/runtime";
import type { Clock } from "../lib/runtime";
import { jssdkSignature } from "./jssdkSignature";
import {
  WECHAT_API_BASE,
  requirePositiveNumber,
  requireString,
  wechatGet,
} from "./wechatApi";
import type { WechatGetOptions } from "./wechatApi";
import type { WechatAppCredentials } from "./WechatOAuthClient";

export interface WechatJssdkOptions extends WechatAppCredentials {
  baseUrl?: string;
  fetch?: FetchLike;
  clock?: Clock;
  timeoutMs?: number;
  /** Refresh this long before the announced expiry. Default 5 minutes. */
  refreshMarginMs?: number;
}

/** The fields a page passes to `wx.config`. */
export interface JssdkPageConfig {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}

interface Cached {
  value: string;
  expiresAt: number;
}

const DEFAULT_REFRESH_MARGIN_MS = 5 * 60_000;

export class WechatJssdkClient {
  readonly appId: string;
  readonly #appSecret: string;
  readonly #http: WechatGetOptions;
  readonly #clock: Clock;
  readonly #margin: number;
  #token: Cached | undefined;
  #ticket: Cached | undefined;
  #tokenInFlight: Promise<string> | undefined;
  #ticketInFlight: Promise<string> | undefined;

  constructor(options: WechatJssdkOptions) {
    this.appId = options.appId;
    this.#appSecret = options.appSecret;
    this.#http = {
      fetch: options.fetch ?? globalThis.fetch,
      baseUrl: options.baseUrl ?? WECHAT_API_BASE,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    };
    this.#clock = options.clock ?? systemClock;
    this.#margin = options.refreshMarginMs ?? DEFAULT_REFRESH_MARGIN_MS;
  }

  /** The cached global access_token, fetched when missing or about to expire. */
  getAccessToken(): Promise<string> {
    if (this.#token !== undefined && this.#token.expiresAt > this.#clock()) {
      return Promise.resolve(this.#token.value);
    }
    this.#tokenInFlight ??= this.#fetchToken().finally(() => {
      this.#tokenInFlight = undefined;
    });
    return this.#tokenInFlight;
  }

  /** The cached jsapi_ticket; a rejected access_token is dropped and fetched again once. */
  getJsapiTicket(): Promise<string> {
    if (this.#ticket !== undefined && this.#ticket.expiresAt > this.#clock()) {
      return Promise.resolve(this.#ticket.value);
    }
    this.#ticketInFlight ??= this.#fetchTicket().finally(() => {
      this.#ticketInFlight = undefined;
    });
    return this.#ticketInFlight;
  }

  /** Everything `wx.config` needs for the page at `url`. */
  async signPage(url: string): Promise<JssdkPageConfig> {
    const ticket = await this.getJsapiTicket();
    const timestamp = unixSeconds(this.#clock);
    const nonceStr = randomNonce(16);
    return {
      appId: this.appId,
      timestamp,
      nonceStr,
      signature: jssdkSignature({ ticket, nonceStr, timestamp, url }),
    };
  }

  /** Forget both credentials (e.g. after WeChat reported the token invalid elsewhere). */
  invalidate(): void {
    this.#token = undefined;
    this.#ticket = undefined;
  }

  async #fetchToken(): Promise<string> {
    const path = "/cgi-bin/token";
    const body = await wechatGet(this.#http, path, {
      grant_type: "client_credential",
      appid: this.appId,
      secret: this.#appSecret,
    });
    const value = requireString(body, "access_token", path);
    this.#token = {
      value,
      expiresAt: this.#expiry(requirePositiveNumber(body, "expires_in", path)),
    };
    return value;
  }

  async #fetchTicket(): Promise<string> {
    try {
      return await this.#requestTicket(await this.getAccessToken());
    } catch (error) {
      if (!isProviderError(error) || error.code !== "WECHAT_TOKEN_INVALID")
        throw error;
      this.#token = undefined;
      return this.#requestTicket(await this.getAccessToken());
    }
  }

  async #requestTicket(accessToken: string): Promise<string> {
    const path = "/cgi-bin/ticket/getticket";
    const body = await wechatGet(this.#http, path, {
      access_token: accessToken,
      type: "jsapi",
    });
    const value = requireString(body, "ticket", path);
    this.#ticket = {
      value,
      expiresAt: this.#expiry(requirePositiveNumber(body, "expires_in", path)),
    };
    return value;
  }

  #expiry(expiresInSeconds: number): number {
    const lifetime = expiresInSeconds * 1000;
    // NOTE: never let the margin eat more than half of a short lifetime.
    return this.#clock() + lifetime - Math.min(this.#margin, lifetime / 2);
  }
}
