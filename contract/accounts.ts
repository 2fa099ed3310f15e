// The sign-in rules both sides check: a mainland mobile number (area code 86 only), an e-mail
// address, the 6-digit code, and the two WeChat login types. The server validates with them
// (contract/schemas/auth.ts); the sign-in forms check the same patterns before sending.

/** Mainland China mobile number (national form). */
export const PHONE_PATTERN = "^1[3-9]\\d{9}$";
/** Deliberately simple; the mail server remains the judge of deliverability. */
export const EMAIL_PATTERN =
  '^[^\\s@<>()",;]+@[^\\s@<>()",;]+\\.[^\\s@<>()",;.]+$';
export const MAX_EMAIL_LENGTH = 254;
/** The only area code the app accepts (product spec §9). */
export const AREA_CODE = "86";
/** The code sent by SMS or e-mail. */
export const LOGIN_CODE_PATTERN = "^\\d{6}$";

/**
 * The two WeChat apps users sign in through, numbered as the login API's `type`; the server keeps
 * one OAuth client per app under the same number (server/providers/wechat/).
 */
export const WECHAT_LOGIN_TYPES = {
  /** Open-platform website app: QR login in a desktop browser (scope snsapi_login). */
  website: 1,
  /** Official account: authorisation inside the WeChat in-app browser (scope snsapi_userinfo). */
  inApp: 2,
} as const;
export type WechatLoginType =
  (typeof WECHAT_LOGIN_TYPES)[keyof typeof WECHAT_LOGIN_TYPES];
