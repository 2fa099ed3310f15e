// Shapes of the accounts API (brief: auth-api.md): token pairs, user info, code sending.
// Types only; the calls live in accounts.ts.

/** What every login and refresh returns. `expires_in` is the access token's life in seconds. */
export interface TokenPair {
  app_token: string;
  refresh_token: string;
  expires_in: number;
}

export interface UserInfo {
  userId: number;
  imId: string;
  /** This session's IM token. */
  imToken: string;
  isService: 0 | 1;
  isMonk: 0 | 1;
  isManager: 0 | 1;
  /** Runs the temple's side: every order, refund reviews, roles. */
  isAdmin: 0 | 1;
  avatarUrl: string;
  nickname: string;
  online: boolean;
  /** Masked, e.g. "138****0001"; null when no phone is bound. */
  phone: string | null;
  /** Masked, e.g. "u***@fuyuan.local"; null when no e-mail is bound. */
  email: string | null;
  wechatBound: boolean;
  inviteCode: string;
  createdAt: string;
}

/** Answer to a code request: seconds before another code may be requested. */
export interface CodeSent {
  resendAfter: number;
}

/** 1 = website QR login (open platform), 2 = in-app login (official account). */
export const WECHAT_LOGIN_TYPES = { website: 1, inApp: 2 } as const;
export type WechatLoginType =
  (typeof WECHAT_LOGIN_TYPES)[keyof typeof WECHAT_LOGIN_TYPES];

/** The only area code the app accepts (product spec §9). */
export const AREA_CODE = "86";
