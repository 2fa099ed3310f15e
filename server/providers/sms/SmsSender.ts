// The SMS boundary the auth domain calls: send one login code. Also owns turning the user's area
// code and number into the E.164 form every implementation sends and records.
import type { LoginCodeLocale } from "../loginCodeMessages";
import { ProviderError } from "../errors";
import type { ProviderName } from "../errors";

export interface SmsLoginCode {
  /** National number, digits only (spaces and dashes are tolerated). */
  phone: string;
  /** Country calling code, "86" or "+86". */
  areaCode: string;
  code: string;
  ttlMinutes: number;
  locale: LoginCodeLocale;
}

export interface SmsSender {
  sendLoginCode(message: SmsLoginCode): Promise<void>;
}

/** "+8613800138000"; throws SMS_INVALID_NUMBER for anything that cannot be an E.164 number. */
export function toE164(
  areaCode: string,
  phone: string,
  provider: ProviderName,
): string {
  const cc = areaCode.trim().replace(/^\+/, "");
  const national = phone.replace(/[\s-]/g, "");
  if (
    !/^[1-9]\d{0,3}$/.test(cc) ||
    !/^\d{4,14}$/.test(national) ||
    cc.length + national.length > 15
  ) {
    throw new ProviderError("SMS_INVALID_NUMBER", provider, {
      message: "the area code and phone number do not form an E.164 number",
    });
  }
  return `+${cc}${national}`;
}
