// Real WeChat OAuth for one app: `GET /sns/oauth2/access_token` (code → openid, unionid, web access
// token) and `GET /sns/userinfo` (profile). Same endpoints for the website and official-account apps.
import { DEFAULT_TIMEOUT_MS } from "../lib/http";
import type { FetchLike } from "../lib/http";
import {
  WECHAT_API_BASE,
  optionalString,
  requireString,
  wechatGet,
} from "./wechatApi";
import type { WechatGetOptions } from "./wechatApi";
import type { WechatLoginType } from "#contract";
import type {
  WechatAppCredentials,
  WechatCodeExchange,
  WechatOAuthClient,
  WechatUserInfo,
} from "./WechatOAuthClient";

export interface HttpWechatOAuthOptions extends WechatAppCredentials {
  appType: WechatLoginType;
  /** Defaults to https://api.weixin.qq.com; tests point it at a loopback fake. */
  baseUrl?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
}

export class HttpWechatOAuthClient implements WechatOAuthClient {
  readonly appType: WechatLoginType;
  readonly appId: string;
  readonly #appSecret: string;
  readonly #http: WechatGetOptions;

  constructor(options: HttpWechatOAuthOptions) {
    this.appType = options.appType;
    this.appId = options.appId;
    this.#appSecret = options.appSecret;
    this.#http = {
      fetch: options.fetch ?? globalThis.fetch,
      baseUrl: options.baseUrl ?? WECHAT_API_BASE,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    };
  }

  async exchangeCode(code: string): Promise<WechatCodeExchange> {
    const path = "/sns/oauth2/access_token";
    const body = await wechatGet(this.#http, path, {
      appid: this.appId,
      secret: this.#appSecret,
      code,
      grant_type: "authorization_code",
    });
    const unionid = optionalString(body, "unionid");
    return {
      openid: requireString(body, "openid", path),
      ...(unionid === undefined ? {} : { unionid }),
      accessToken: requireString(body, "access_token", path),
      scope: optionalString(body, "scope") ?? "",
    };
  }

  async userInfo(accessToken: string, openid: string): Promise<WechatUserInfo> {
    const path = "/sns/userinfo";
    const body = await wechatGet(this.#http, path, {
      access_token: accessToken,
      openid,
      lang: "zh_CN",
    });
    const unionid = optionalString(body, "unionid");
    return {
      openid: requireString(body, "openid", path),
      ...(unionid === undefined ? {} : { unionid }),
      nickname: optionalString(body, "nickname") ?? "",
      avatarUrl: optionalString(body, "headimgurl") ?? "",
    };
  }
}
