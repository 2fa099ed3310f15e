// Client-side checks of the sign-in fields, matching the server's rules (auth contract): a
// mainland mobile number, an e-mail address of at most 254 characters, a 6-digit code.
// Each check returns the translated message, or undefined when the value is fine.
import { t } from "@lingui/core/macro";

export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const CODE_PATTERN = /^\d{6}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;

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
  if (!PHONE_PATTERN.test(phone)) return t`请输入正确的 11 位手机号`;
  return undefined;
}

export function checkEmail(value: string): string | undefined {
  const email = normalizeEmail(value);
  if (email === "") return t`请输入邮箱地址`;
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email))
    return t`请输入正确的邮箱地址`;
  return undefined;
}

export function checkCode(value: string): string | undefined {
  const code = value.trim();
  if (code === "") return t`请输入验证码`;
  if (!CODE_PATTERN.test(code)) return t`验证码为 6 位数字`;
  return undefined;
}
