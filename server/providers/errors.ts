// The one error type every provider throws: a SCREAMING_SNAKE code, the provider, whether a retry
// may succeed, and the original cause. Messages never carry secrets, tokens or signatures.

export const PROVIDER_ERROR_CODES = [
  "SMS_INVALID_NUMBER",
  "SMS_REJECTED",
  "SMS_RATE_LIMITED",
  "SMS_MISCONFIGURED",
  "SMS_UNAVAILABLE",
  "SMS_TIMEOUT",
  "SMS_BAD_RESPONSE",
  "EMAIL_INVALID_ADDRESS",
  "EMAIL_REJECTED",
  "EMAIL_AUTH_FAILED",
  "EMAIL_UNAVAILABLE",
  "EMAIL_TIMEOUT",
  "WECHAT_INVALID_CODE",
  "WECHAT_CODE_USED",
  "WECHAT_TOKEN_INVALID",
  "WECHAT_RATE_LIMITED",
  "WECHAT_MISCONFIGURED",
  "WECHAT_REJECTED",
  "WECHAT_UNAVAILABLE",
  "WECHAT_TIMEOUT",
  "WECHAT_BAD_RESPONSE",
  "PAY_REJECTED",
  "PAY_ORDER_NOT_FOUND",
  "PAY_ORDER_PAID",
  "PAY_ORDER_CLOSED",
  "PAY_MISCONFIGURED",
  "PAY_BAD_SIGNATURE",
  "PAY_STALE_TIMESTAMP",
  "PAY_DECRYPT_FAILED",
  "PAY_AMOUNT_MISMATCH",
  "PAY_MERCHANT_MISMATCH",
  "PAY_ORDER_MISMATCH",
  "PAY_UNAVAILABLE",
  "PAY_TIMEOUT",
  "PAY_BAD_RESPONSE",
] as const;

export type ProviderErrorCode = (typeof PROVIDER_ERROR_CODES)[number];

export const PROVIDERS = {
  tencentSms: "tencent-sms",
  smtp: "smtp",
  wechat: "wechat",
  wechatPay: "wechat-pay",
  emulator: "emulator",
} as const;

export type ProviderName = (typeof PROVIDERS)[keyof typeof PROVIDERS];

export interface ProviderErrorOptions {
  /** Human-readable, secret-free detail. Defaults to the code. */
  message?: string;
  retryable?: boolean;
  /** The provider's own code (Tencent `Error.Code`, WeChat `errcode`, WeChat Pay `code`). */
  providerCode?: string | number;
  cause?: unknown;
}

export class ProviderError extends Error {
  override name = "ProviderError";
  readonly code: ProviderErrorCode;
  readonly provider: ProviderName;
  readonly retryable: boolean;
  readonly providerCode: string | number | undefined;

  constructor(
    code: ProviderErrorCode,
    provider: ProviderName,
    options: ProviderErrorOptions = {},
  ) {
    super(
      `${provider}: ${options.message ?? code}`,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.code = code;
    this.provider = provider;
    this.retryable = options.retryable ?? false;
    this.providerCode = options.providerCode;
  }
}

export function isProviderError(value: unknown): value is ProviderError {
  return value instanceof ProviderError;
}
