// The user-facing wording of every AuthError in cn / tw / en (the client shows `msg` as is).
// Plain typed tables, not Lingui: this text is chosen per request from Accept-Language.
import type { Locale } from "../../lib/locale";
import type { AuthError, AuthErrorCode } from "./AuthError";

type Wording = Record<Locale, string>;
type Dynamic = Record<Locale, (n: number) => string>;

/** A wait in the largest unit that reads well (rounded up): seconds, minutes, then hours. */
function waitIn(
  seconds: number,
  units: {
    s: (n: number) => string;
    m: (n: number) => string;
    h: (n: number) => string;
  },
): string {
  if (seconds >= 2 * 3600) return units.h(Math.ceil(seconds / 3600));
  if (seconds >= 120) return units.m(Math.ceil(seconds / 60));
  return units.s(Math.ceil(seconds));
}

const plural = (n: number, unit: string): string =>
  `${n} ${unit}${n === 1 ? "" : "s"}`;

const WAIT: Dynamic = {
  cn: (s) =>
    waitIn(s, {
      s: (n) => `${n} 秒`,
      m: (n) => `${n} 分钟`,
      h: (n) => `${n} 小时`,
    }),
  tw: (s) =>
    waitIn(s, {
      s: (n) => `${n} 秒`,
      m: (n) => `${n} 分鐘`,
      h: (n) => `${n} 小時`,
    }),
  en: (s) =>
    waitIn(s, {
      s: (n) => plural(n, "second"),
      m: (n) => plural(n, "minute"),
      h: (n) => plural(n, "hour"),
    }),
};

const FIXED: Record<
  Exclude<
    AuthErrorCode,
    | "INVALID_FIELD"
    | "CODE_RESEND_TOO_SOON"
    | "CODE_DAILY_LIMIT"
    | "IP_HOURLY_LIMIT"
    | "TARGET_LOCKED"
    | "WECHAT_STATE_LIMIT"
  >,
  Wording
> = {
  TOKEN_MISSING: {
    cn: "请先登录",
    tw: "請先登入",
    en: "Please sign in.",
  },
  TOKEN_INVALID: {
    cn: "登录状态无效，请重新登录",
    tw: "登入狀態無效，請重新登入",
    en: "Your sign-in is not valid. Please sign in again.",
  },
  TOKEN_EXPIRED: {
    cn: "登录已过期，请重新登录",
    tw: "登入已過期，請重新登入",
    en: "Your sign-in has expired. Please sign in again.",
  },
  SESSION_REVOKED: {
    cn: "您已退出登录，请重新登录",
    tw: "您已登出，請重新登入",
    en: "You have been signed out. Please sign in again.",
  },
  SESSION_BANNED: {
    cn: "该账号已被停用",
    tw: "該帳號已被停用",
    en: "This account has been suspended.",
  },
  REFRESH_INVALID: {
    cn: "登录已失效，请重新登录",
    tw: "登入已失效，請重新登入",
    en: "Your sign-in is no longer valid. Please sign in again.",
  },
  REFRESH_REUSED: {
    cn: "检测到登录凭证被重复使用，为保护账号安全已退出登录，请重新登录",
    tw: "偵測到登入憑證被重複使用，為保護帳號安全已登出，請重新登入",
    en: "This sign-in was used twice, so it was ended to protect your account. Please sign in again.",
  },
  ACCOUNT_BANNED: {
    cn: "该账号已被停用，无法登录",
    tw: "該帳號已被停用，無法登入",
    en: "This account has been suspended and cannot sign in.",
  },
  LOGIN_METHOD_DISABLED: {
    cn: "此登录方式暂未开放",
    tw: "此登入方式暫未開放",
    en: "This sign-in method is not available.",
  },
  IM_ID_MISMATCH: {
    cn: "账号信息不一致，请重新登录后再试",
    tw: "帳號資訊不一致，請重新登入後再試",
    en: "This request does not match your account. Please sign in again and retry.",
  },
  CODE_EXPIRED: {
    cn: "验证码已失效，请重新获取",
    tw: "驗證碼已失效，請重新取得",
    en: "The code has expired or was not requested. Please request a new one.",
  },
  CODE_WRONG: {
    cn: "验证码错误",
    tw: "驗證碼錯誤",
    en: "The code is incorrect.",
  },
  CODE_WRONG_BURNT: {
    cn: "验证码错误次数过多，请重新获取",
    tw: "驗證碼錯誤次數過多，請重新取得",
    en: "Incorrect code, and too many wrong tries. Please request a new code.",
  },
  CODE_BURNT: {
    cn: "验证码错误次数过多已失效，请重新获取",
    tw: "驗證碼錯誤次數過多已失效，請重新取得",
    en: "This code was tried wrongly too many times. Please request a new code.",
  },
  SMS_NUMBER_REJECTED: {
    cn: "该手机号无法接收短信，请检查号码",
    tw: "該手機號碼無法接收簡訊，請檢查號碼",
    en: "This number cannot receive text messages. Please check it.",
  },
  EMAIL_ADDRESS_REJECTED: {
    cn: "该邮箱无法接收邮件，请检查地址",
    tw: "該信箱無法接收郵件，請檢查地址",
    en: "This address cannot receive e-mail. Please check it.",
  },
  PROVIDER_RATE_LIMITED: {
    cn: "发送过于频繁，请稍后再试",
    tw: "傳送過於頻繁，請稍後再試",
    en: "Too many messages were sent. Please try again later.",
  },
  SMS_FAILED: {
    cn: "短信发送失败，请稍后再试",
    tw: "簡訊傳送失敗，請稍後再試",
    en: "The text message could not be sent. Please try again later.",
  },
  EMAIL_FAILED: {
    cn: "邮件发送失败，请稍后再试",
    tw: "郵件傳送失敗，請稍後再試",
    en: "The e-mail could not be sent. Please try again later.",
  },
  WECHAT_STATE_MISSING: {
    cn: "微信登录已失效（浏览器未保留登录信息），请重新发起登录",
    tw: "微信登入已失效（瀏覽器未保留登入資訊），請重新發起登入",
    en: "The WeChat sign-in could not be matched to this browser. Please start again.",
  },
  WECHAT_STATE_MISMATCH: {
    cn: "微信登录校验失败，请重新发起登录",
    tw: "微信登入驗證失敗，請重新發起登入",
    en: "The WeChat sign-in could not be verified. Please start again.",
  },
  WECHAT_STATE_EXPIRED: {
    cn: "微信登录已超时，请重新发起登录",
    tw: "微信登入已逾時，請重新發起登入",
    en: "The WeChat sign-in took too long. Please start again.",
  },
  WECHAT_STATE_USED: {
    cn: "该微信登录链接已使用，请重新发起登录",
    tw: "該微信登入連結已使用，請重新發起登入",
    en: "This WeChat sign-in link was already used. Please start again.",
  },
  WECHAT_CODE_INVALID: {
    cn: "微信授权已失效，请重新登录",
    tw: "微信授權已失效，請重新登入",
    en: "The WeChat authorization is no longer valid. Please sign in again.",
  },
  WECHAT_FAILED: {
    cn: "微信登录失败，请稍后再试",
    tw: "微信登入失敗，請稍後再試",
    en: "WeChat sign-in failed. Please try again later.",
  },
  PHONE_TAKEN: {
    cn: "该手机号已绑定其他账号",
    tw: "該手機號碼已綁定其他帳號",
    en: "This phone number is already linked to another account.",
  },
};

const LIMITS: Record<
  | "CODE_RESEND_TOO_SOON"
  | "CODE_DAILY_LIMIT"
  | "IP_HOURLY_LIMIT"
  | "TARGET_LOCKED"
  | "WECHAT_STATE_LIMIT",
  Record<Locale, (wait: string) => string>
> = {
  WECHAT_STATE_LIMIT: {
    cn: (w) => `当前网络发起微信登录过于频繁，请 ${w}后再试`,
    tw: (w) => `目前網路發起微信登入過於頻繁，請 ${w}後再試`,
    en: (w) =>
      `Too many WeChat sign-ins were started from this network. Please try again in ${w}.`,
  },
  CODE_RESEND_TOO_SOON: {
    cn: (w) => `验证码发送过于频繁，请 ${w}后再试`,
    tw: (w) => `驗證碼傳送過於頻繁，請 ${w}後再試`,
    en: (w) =>
      `A code was just sent. Please wait ${w} before requesting another.`,
  },
  CODE_DAILY_LIMIT: {
    cn: (w) => `今日获取验证码次数已达上限，请 ${w}后再试`,
    tw: (w) => `今日取得驗證碼次數已達上限，請 ${w}後再試`,
    en: (w) => `Too many codes were requested today. Please try again in ${w}.`,
  },
  IP_HOURLY_LIMIT: {
    cn: (w) => `当前网络获取验证码过于频繁，请 ${w}后再试`,
    tw: (w) => `目前網路取得驗證碼過於頻繁，請 ${w}後再試`,
    en: (w) =>
      `Too many codes were requested from this network. Please try again in ${w}.`,
  },
  TARGET_LOCKED: {
    cn: (w) => `验证码错误次数过多，账号已临时锁定，请 ${w}后再试`,
    tw: (w) => `驗證碼錯誤次數過多，帳號已暫時鎖定，請 ${w}後再試`,
    en: (w) =>
      `Too many wrong codes: sign-in is locked. Please try again in ${w}.`,
  },
};

/** Field-specific wording for malformed requests; each names the field. */
const FIELDS: Record<string, Wording> = {
  phone: {
    cn: "请输入正确的手机号",
    tw: "請輸入正確的手機號碼",
    en: "Enter a valid mainland China mobile number",
  },
  areaCode: {
    cn: "仅支持 +86 手机号",
    tw: "僅支援 +86 手機號碼",
    en: "Only +86 numbers are supported",
  },
  email: {
    cn: "请输入正确的邮箱地址",
    tw: "請輸入正確的電子信箱",
    en: "Enter a valid e-mail address",
  },
  account: {
    cn: "请输入正确的手机号或邮箱",
    tw: "請輸入正確的手機號碼或電子信箱",
    en: "Enter a valid mobile number or e-mail address",
  },
  code: {
    cn: "请输入 6 位数字验证码",
    tw: "請輸入 6 位數字驗證碼",
    en: "Enter the 6-digit code",
  },
};

const GENERIC_FIELD: Record<Locale, (field: string) => string> = {
  cn: (f) => `请求参数不正确：${f}`,
  tw: (f) => `請求參數不正確：${f}`,
  en: (f) => `Invalid request field: ${f}`,
};

/**
 * The message for one field, always naming it, e.g. "请输入正确的手机号（phone）"; `wording` picks
 * the text (default: the field's own; null: generic).
 */
export function fieldMessage(
  field: string,
  locale: Locale,
  wording: string | null = field,
): string {
  const text = wording === null ? undefined : FIELDS[wording];
  if (text === undefined) return GENERIC_FIELD[locale](field);
  return locale === "en"
    ? `${text.en} (${field}).`
    : `${text[locale]}（${field}）`;
}

export function authMessage(error: AuthError, locale: Locale): string {
  const code = error.code;
  if (code === "INVALID_FIELD")
    return fieldMessage(error.field ?? "request", locale, error.wording);
  if (
    code === "CODE_RESEND_TOO_SOON" ||
    code === "CODE_DAILY_LIMIT" ||
    code === "IP_HOURLY_LIMIT" ||
    code === "TARGET_LOCKED" ||
    code === "WECHAT_STATE_LIMIT"
  )
    return LIMITS[code][locale](WAIT[locale](error.retryAfterSeconds ?? 60));
  return FIXED[code][locale];
}
