// The WeChat login boundary: redeem an authorization code for the user's openid/unionid, then read
// the profile. One client per WeChat app (website QR login, or official-account in-app login),
// named by the login type (WECHAT_LOGIN_TYPES, #contract).
import type { WechatLoginType } from "#contract";

export interface WechatAppCredentials {
  appId: string;
  appSecret: string;
}

export interface WechatCodeExchange {
  openid: string;
  /** Present when the app is bound to an open-platform account (and, for official accounts, the scope allows it). */
  unionid?: string;
  accessToken: string;
  scope: string;
}

export interface WechatUserInfo {
  openid: string;
  unionid?: string;
  nickname: string;
  /** `headimgurl`; empty when the user has no avatar. */
  avatarUrl: string;
}

export interface WechatOAuthClient {
  readonly appType: WechatLoginType;
  readonly appId: string;
  /** Throws WECHAT_INVALID_CODE (40029) or WECHAT_CODE_USED (40163) for codes that cannot be redeemed. */
  exchangeCode(code: string): Promise<WechatCodeExchange>;
  userInfo(accessToken: string, openid: string): Promise<WechatUserInfo>;
}
