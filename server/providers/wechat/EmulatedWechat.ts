// Development WeChat: issues single-use authorization codes for a chosen demo identity (bound to an
// app type and the caller's state, 5-minute life) and redeems them through the same client interface.
import { WECHAT_LOGIN_TYPES, type WechatLoginType } from "#contract";
import { randomBytes } from "node:crypto";
import { systemClock } from "../lib/runtime";
import type { Clock } from "../lib/runtime";
import { DEMO_WECHAT_IDENTITIES } from "./demoIdentities";
import type { DemoWechatIdentity } from "./demoIdentities";
import { wechatError } from "./wechatApi";
import type {
  WechatCodeExchange,
  WechatOAuthClient,
  WechatUserInfo,
} from "./WechatOAuthClient";

export const EMULATED_CODE_TTL_MS = 5 * 60_000;
const ACCESS_TOKEN_TTL_MS = 7200 * 1000;

export interface EmulatedWechatOptions {
  clock?: Clock;
  codeTtlMs?: number;
  identities?: readonly DemoWechatIdentity[];
  /** App ids reported by the emulated clients. */
  appIds?: Partial<Record<WechatLoginType, string>>;
}

export interface IssuedCode {
  code: string;
  identityId: string;
  appType: WechatLoginType;
  state: string;
  expiresAt: number;
}

interface CodeRecord extends IssuedCode {
  used: boolean;
}

interface TokenRecord {
  identity: DemoWechatIdentity;
  appType: WechatLoginType;
  expiresAt: number;
}

const SCOPES: Record<WechatLoginType, string> = {
  [WECHAT_LOGIN_TYPES.website]: "snsapi_login",
  [WECHAT_LOGIN_TYPES.inApp]: "snsapi_userinfo",
};

export class EmulatedWechat {
  readonly identities: readonly DemoWechatIdentity[];
  readonly #clock: Clock;
  readonly #codeTtlMs: number;
  readonly #appIds: Partial<Record<WechatLoginType, string>>;
  readonly #codes = new Map<string, CodeRecord>();
  readonly #tokens = new Map<string, TokenRecord>();

  constructor(options: EmulatedWechatOptions = {}) {
    this.identities = options.identities ?? DEMO_WECHAT_IDENTITIES;
    this.#clock = options.clock ?? systemClock;
    this.#codeTtlMs = options.codeTtlMs ?? EMULATED_CODE_TTL_MS;
    this.#appIds = options.appIds ?? {};
  }

  /** What the dev authorise page calls when the developer picks an identity. */
  issueCode(input: {
    identityId: string;
    appType: WechatLoginType;
    state: string;
  }): IssuedCode {
    if (!this.identities.some((i) => i.id === input.identityId)) {
      throw new RangeError(
        `unknown demo WeChat identity "${input.identityId}"`,
      );
    }
    this.#prune();
    const issued: IssuedCode = {
      code: randomBytes(16).toString("hex"),
      identityId: input.identityId,
      appType: input.appType,
      state: input.state,
      expiresAt: this.#clock() + this.#codeTtlMs,
    };
    this.#codes.set(issued.code, { ...issued, used: false });
    return { ...issued };
  }

  /** The OAuth client the auth domain uses in development for one app type. */
  client(appType: WechatLoginType): WechatOAuthClient {
    return {
      appType,
      appId: this.#appIds[appType] ?? `wxemulated000000${String(appType)}`,
      exchangeCode: (code) =>
        Promise.resolve().then(() => this.#redeem(appType, code)),
      userInfo: (accessToken, openid) =>
        Promise.resolve().then(() =>
          this.#userInfo(appType, accessToken, openid),
        ),
    };
  }

  #redeem(appType: WechatLoginType, code: string): WechatCodeExchange {
    const record = this.#codes.get(code);
    if (record === undefined || record.appType !== appType)
      throw wechatError(40029, "invalid code");
    if (record.used) throw wechatError(40163, "code been used");
    if (record.expiresAt <= this.#clock())
      throw wechatError(40029, "invalid code");
    record.used = true;
    const identity = this.#identity(record.identityId);
    const accessToken = randomBytes(24).toString("base64url");
    this.#tokens.set(accessToken, {
      identity,
      appType,
      expiresAt: this.#clock() + ACCESS_TOKEN_TTL_MS,
    });
    return {
      openid: identity.openids[appType],
      unionid: identity.unionid,
      accessToken,
      scope: SCOPES[appType],
    };
  }

  #userInfo(
    appType: WechatLoginType,
    accessToken: string,
    openid: string,
  ): WechatUserInfo {
    const token = this.#tokens.get(accessToken);
    if (token === undefined || token.appType !== appType) {
      throw wechatError(
        40001,
        "invalid credential, access_token is invalid or not latest",
      );
    }
    if (token.expiresAt <= this.#clock())
      throw wechatError(42001, "access_token expired");
    if (token.identity.openids[appType] !== openid)
      throw wechatError(40003, "invalid openid");
    return {
      openid,
      unionid: token.identity.unionid,
      nickname: token.identity.nickname,
      avatarUrl: token.identity.avatarUrl,
    };
  }

  #identity(id: string): DemoWechatIdentity {
    const found = this.identities.find((i) => i.id === id);
    if (found === undefined)
      throw new RangeError(`unknown demo WeChat identity "${id}"`);
    return found;
  }

  #prune(): void {
    const now = this.#clock();
    for (const [code, record] of this.#codes) {
      if (record.expiresAt <= now) this.#codes.delete(code);
    }
    for (const [token, record] of this.#tokens) {
      if (record.expiresAt <= now) this.#tokens.delete(token);
    }
  }
}
