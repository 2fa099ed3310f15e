// Client-side checks of the sign-in fields, with the server's own rules (#contract): a mainland
// mobile number, an e-mail address of at most MAX_EMAIL_LENGTH characters, a 6-digit code.
// Each check returns the translated message, or undefined when the value is fine.
import { t } from "@lingui/core/macro";
import {
  EMAIL_PATTERN,
  LOGIN_CODE_PATTERN,
  MAX_EMAIL_LENGTH,
  PHONE_PATTERN,
} from "#contract";

const PHONE = new RegExp(PHONE_PATTERN);
const CODE = new RegExp(LOGIN_CODE_PATTERN);
const EMAIL = new RegExp(EMAIL_PATTERN);

/** Drops the spaces and dashes people type into phone numbers. */
export function normalizePhone(value: string): string {
  return value.replace(/[\s-]/g, "");
}

export function normalizeEmail(value: string): string {
  return value.trim();
}

export function checkPhone(value: string): string | undefined {
  const phone = normalizePhone(value);
  if (phone === "") return t`请输入手机号`;
  if (!PHONE.test(phone)) return t`请输入正确的 11 位手机号`;
  return undefined;
}

export function checkEmail(value: string): string | undefined {
  const email = normalizeEmail(value);
  if (email === "") return t`请输入邮箱地址`;
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email))
    return t`请输入正确的邮箱地址`;
  return undefined;
}

export function checkCode(value: string): string | undefined {
  const code = value.trim();
  if (code === "") return t`请输入验证码`;
  if (!CODE.test(code)) return t`验证码为 6 位数字`;
  return undefined;
}
