// The user-facing wording of every AuthError (the client shows `msg` as is), in the request's
// locale: cn here, tw and en in the Lingui catalog locales/{locale}/server.po (server/i18n).
import { type ServerMessage, translate } from "../../i18n/serverI18n";
import type { Locale } from "../../lib/locale";
import type { AuthError, AuthErrorCode } from "./AuthError";

const WAIT_SECONDS: ServerMessage = /*i18n*/ {
  id: "auth.wait.seconds",
  message: "{n} 秒",
};
const WAIT_MINUTES: ServerMessage = /*i18n*/ {
  id: "auth.wait.minutes",
  message: "{n} 分钟",
};
const WAIT_HOURS: ServerMessage = /*i18n*/ {
  id: "auth.wait.hours",
  message: "{n} 小时",
};

/** A wait in the largest unit that reads well (rounded up): seconds, minutes, then hours. */
function waitText(seconds: number, locale: Locale): string {
  if (seconds >= 2 * 3600)
    return translate(locale, WAIT_HOURS, { n: Math.ceil(seconds / 3600) });
  if (seconds >= 120)
    return translate(locale, WAIT_MINUTES, { n: Math.ceil(seconds / 60) });
  return translate(locale, WAIT_SECONDS, { n: Math.ceil(seconds) });
}

type LimitCode =
  | "CODE_RESEND_TOO_SOON"
  | "CODE_DAILY_LIMIT"
  | "IP_HOURLY_LIMIT"
  | "TARGET_LOCKED"
  | "WECHAT_STATE_LIMIT";

const FIXED: Record<
  Exclude<AuthErrorCode, "INVALID_FIELD" | LimitCode>,
  ServerMessage
> = {
  TOKEN_MISSING: /*i18n*/ { id: "auth.TOKEN_MISSING", message: "请先登录" },
  TOKEN_INVALID: /*i18n*/ {
    id: "auth.TOKEN_INVALID",
    message: "登录状态无效，请重新登录",
  },
  TOKEN_EXPIRED: /*i18n*/ {
    id: "auth.TOKEN_EXPIRED",
    message: "登录已过期，请重新登录",
  },
  SESSION_REVOKED: /*i18n*/ {
    id: "auth.SESSION_REVOKED",
    message: "您已退出登录，请重新登录",
  },
  SESSION_BANNED: /*i18n*/ {
    id: "auth.SESSION_BANNED",
    message: "该账号已被停用",
  },
  REFRESH_INVALID: /*i18n*/ {
    id: "auth.REFRESH_INVALID",
    message: "登录已失效，请重新登录",
  },
  REFRESH_REUSED: /*i18n*/ {
    id: "auth.REFRESH_REUSED",
    message: "检测到登录凭证被重复使用，为保护账号安全已退出登录，请重新登录",
  },
  ACCOUNT_BANNED: /*i18n*/ {
    id: "auth.ACCOUNT_BANNED",
    message: "该账号已被停用，无法登录",
  },
  LOGIN_METHOD_DISABLED: /*i18n*/ {
    id: "auth.LOGIN_METHOD_DISABLED",
    message: "此登录方式暂未开放",
  },
  IM_ID_MISMATCH: /*i18n*/ {
    id: "auth.IM_ID_MISMATCH",
    message: "账号信息不一致，请重新登录后再试",
  },
  CODE_EXPIRED: /*i18n*/ {
    id: "auth.CODE_EXPIRED",
    message: "验证码已失效，请重新获取",
  },
  CODE_WRONG: /*i18n*/ { id: "auth.CODE_WRONG", message: "验证码错误" },
  CODE_WRONG_BURNT: /*i18n*/ {
    id: "auth.CODE_WRONG_BURNT",
    message: "验证码错误次数过多，请重新获取",
  },
  CODE_BURNT: /*i18n*/ {
    id: "auth.CODE_BURNT",
    message: "验证码错误次数过多已失效，请重新获取",
  },
  SMS_NUMBER_REJECTED: /*i18n*/ {
    id: "auth.SMS_NUMBER_REJECTED",
    message: "该手机号无法接收短信，请检查号码",
  },
  EMAIL_ADDRESS_REJECTED: /*i18n*/ {
    id: "auth.EMAIL_ADDRESS_REJECTED",
    message: "该邮箱无法接收邮件，请检查地址",
  },
  PROVIDER_RATE_LIMITED: /*i18n*/ {
    id: "auth.PROVIDER_RATE_LIMITED",
    message: "发送过于频繁，请稍后再试",
  },
  SMS_FAILED: /*i18n*/ {
    id: "auth.SMS_FAILED",
    message: "短信发送失败，请稍后再试",
  },
  EMAIL_FAILED: /*i18n*/ {
    id: "auth.EMAIL_FAILED",
    message: "邮件发送失败，请稍后再试",
  },
  WECHAT_STATE_MISSING: /*i18n*/ {
    id: "auth.WECHAT_STATE_MISSING",
    message: "微信登录已失效（浏览器未保留登录信息），请重新发起登录",
  },
  WECHAT_STATE_MISMATCH: /*i18n*/ {
    id: "auth.WECHAT_STATE_MISMATCH",
    message: "微信登录校验失败，请重新发起登录",
  },
  WECHAT_STATE_EXPIRED: /*i18n*/ {
    id: "auth.WECHAT_STATE_EXPIRED",
    message: "微信登录已超时，请重新发起登录",
  },
  WECHAT_STATE_USED: /*i18n*/ {
    id: "auth.WECHAT_STATE_USED",
    message: "该微信登录链接已使用，请重新发起登录",
  },
  WECHAT_CODE_INVALID: /*i18n*/ {
    id: "auth.WECHAT_CODE_INVALID",
    message: "微信授权已失效，请重新登录",
  },
  WECHAT_FAILED: /*i18n*/ {
    id: "auth.WECHAT_FAILED",
    message: "微信登录失败，请稍后再试",
  },
  PHONE_TAKEN: /*i18n*/ {
    id: "auth.PHONE_TAKEN",
    message: "该手机号已绑定其他账号",
  },
};

/** The limits, each with a `{wait}` such as "5 分钟" (one of the auth.wait.* texts). */
const LIMITS: Record<LimitCode, ServerMessage> = {
  WECHAT_STATE_LIMIT: /*i18n*/ {
    id: "auth.WECHAT_STATE_LIMIT",
    message: "当前网络发起微信登录过于频繁，请 {wait}后再试",
    comment: "{wait} is one of the auth.wait.* texts",
  },
  CODE_RESEND_TOO_SOON: /*i18n*/ {
    id: "auth.CODE_RESEND_TOO_SOON",
    message: "验证码发送过于频繁，请 {wait}后再试",
    comment: "{wait} is one of the auth.wait.* texts",
  },
  CODE_DAILY_LIMIT: /*i18n*/ {
    id: "auth.CODE_DAILY_LIMIT",
    message: "今日获取验证码次数已达上限，请 {wait}后再试",
    comment: "{wait} is one of the auth.wait.* texts",
  },
  IP_HOURLY_LIMIT: /*i18n*/ {
    id: "auth.IP_HOURLY_LIMIT",
    message: "当前网络获取验证码过于频繁，请 {wait}后再试",
    comment: "{wait} is one of the auth.wait.* texts",
  },
  TARGET_LOCKED: /*i18n*/ {
    id: "auth.TARGET_LOCKED",
    message: "验证码错误次数过多，账号已临时锁定，请 {wait}后再试",
    comment: "{wait} is one of the auth.wait.* texts",
  },
};

/** Field-specific wording for malformed requests; each names the field. */
const FIELDS: Record<string, ServerMessage> = {
  phone: /*i18n*/ { id: "auth.field.phone", message: "请输入正确的手机号" },
  areaCode: /*i18n*/ {
    id: "auth.field.areaCode",
    message: "仅支持 +86 手机号",
  },
  email: /*i18n*/ { id: "auth.field.email", message: "请输入正确的邮箱地址" },
  account: /*i18n*/ {
    id: "auth.field.account",
    message: "请输入正确的手机号或邮箱",
  },
  code: /*i18n*/ { id: "auth.field.code", message: "请输入 6 位数字验证码" },
};

const NAMED_FIELD: ServerMessage = /*i18n*/ {
  id: "auth.field.named",
  message: "{text}（{field}）",
  comment: "{text} is one of the auth.field.* texts, {field} the field's name",
};

const GENERIC_FIELD: ServerMessage = /*i18n*/ {
  id: "auth.field.generic",
  message: "请求参数不正确：{field}",
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
  if (text === undefined) return translate(locale, GENERIC_FIELD, { field });
  return translate(locale, NAMED_FIELD, {
    text: translate(locale, text),
    field,
  });
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
    return translate(locale, LIMITS[code], {
      wait: waitText(error.retryAfterSeconds ?? 60, locale),
    });
  return translate(locale, FIXED[code], {});
}
