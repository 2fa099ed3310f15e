// Maps WeChat Pay API v3 error answers (HTTP 4xx/5xx with `{code, message}`) to ProviderErrors.
import { ProviderError, PROVIDERS } from "../errors";
import type { ProviderErrorCode } from "../errors";

const BY_CODE: Record<string, { code: ProviderErrorCode; retryable: boolean }> =
  {
    ORDER_NOT_EXIST: { code: "PAY_ORDER_NOT_FOUND", retryable: false },
    ORDERNOTEXIST: { code: "PAY_ORDER_NOT_FOUND", retryable: false },
    ORDERPAID: { code: "PAY_ORDER_PAID", retryable: false },
    ORDER_CLOSED: { code: "PAY_ORDER_CLOSED", retryable: false },
    ORDERCLOSED: { code: "PAY_ORDER_CLOSED", retryable: false },
    SIGN_ERROR: { code: "PAY_MISCONFIGURED", retryable: false },
    APPID_MCHID_NOT_MATCH: { code: "PAY_MISCONFIGURED", retryable: false },
    MCH_NOT_EXISTS: { code: "PAY_MISCONFIGURED", retryable: false },
    NO_AUTH: { code: "PAY_MISCONFIGURED", retryable: false },
    ACCOUNT_ERROR: { code: "PAY_MISCONFIGURED", retryable: false },
    SYSTEM_ERROR: { code: "PAY_UNAVAILABLE", retryable: true },
    SYSTEMERROR: { code: "PAY_UNAVAILABLE", retryable: true },
    BANK_ERROR: { code: "PAY_UNAVAILABLE", retryable: true },
    FREQUENCY_LIMITED: { code: "PAY_UNAVAILABLE", retryable: true },
  };

export function wechatPayError(
  status: number,
  code: string | undefined,
  message: string | undefined,
): ProviderError {
  const mapping =
    (code === undefined ? undefined : BY_CODE[code]) ??
    (status >= 500 || status === 429
      ? { code: "PAY_UNAVAILABLE" as const, retryable: true }
      : { code: "PAY_REJECTED" as const, retryable: false });
  return new ProviderError(mapping.code, PROVIDERS.wechatPay, {
    message: `HTTP ${status} ${code ?? "(no code)"}${message === undefined ? "" : `: ${message}`}`,
    retryable: mapping.retryable,
    ...(code === undefined ? {} : { providerCode: code }),
  });
}
