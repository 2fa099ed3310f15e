// The WeChat login boundary: redeem an authorization code for the user's openid/unionid, then read
// the profile. One client per WeChat app (website QR login, or official-account in-app login).

/** The two WeChat apps users sign in through. */
export const WECHAT_APP_TYPE = {
  /** Open-platform website app: QR login in a desktop browser (scope snsapi_login). */
  website: 1,
  /** Official account: authorisation inside the WeChat in-app browser (scope snsapi_userinfo). */
  officialAccount: 2,
} as const;

export type WechatAppType =
  (typeof WECHAT_APP_TYPE)[keyof typeof WECHAT_APP_TYPE];

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
  readonly appType: WechatAppType;
  readonly appId: string;
  /** Throws WECHAT_INVALID_CODE (40029) or WECHAT_CODE_USED (40163) for codes that cannot be redeemed. */
  exchangeCode(code: string): Promise<WechatCodeExchange>;
  userInfo(accessToken: string, openid: string): Promise<WechatUserInfo>;
}
