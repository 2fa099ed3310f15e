// Maps WeChat Pay API v3 error answers (HTTP 4xx/5xx with `{code, message}`) to ProviderErrors.
// A non-retryable one is WeChat's refusal; a retryable one leaves the outcome open (query later).
import { ProviderError, PROVIDERS } from "../errors";
import type { ProviderErrorCode } from "../errors";

const BY_CODE: Record<string, { code: ProviderErrorCode; retryable: boolean }> =
  {
    ORDER_NOT_EXIST: { code: "PAY_ORDER_NOT_FOUND", retryable: false },
    ORDERNOTEXIST: { code: "PAY_ORDER_NOT_FOUND", retryable: false },
    ORDERPAID: { code: "PAY_ORDER_PAID", retryable: false },
    ORDER_CLOSED: { code: "PAY_ORDER_CLOSED", retryable: false },
    ORDERCLOSED: { code: "PAY_ORDER_CLOSED", retryable: false },
    // NOTE: the refund API's "no such trade" (and, on a query, "no such refund").
    RESOURCE_NOT_EXISTS: { code: "PAY_ORDER_NOT_FOUND", retryable: false },
    // Refunds refused: the merchant's balance is short, the payer's account is closed or frozen.
    NOT_ENOUGH: { code: "PAY_REJECTED", retryable: false },
    USER_ACCOUNT_ABNORMAL: { code: "PAY_REJECTED", retryable: false },
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

const REFUSALS: ReadonlySet<ProviderErrorCode> = new Set([
  "PAY_REJECTED",
  "PAY_ORDER_NOT_FOUND",
  "PAY_ORDER_CLOSED",
  "PAY_ORDER_PAID",
  "PAY_MISCONFIGURED",
]);

/**
 * Whether a failed `createRefund` means that no refund exists: WeChat refused it (NOT_ENOUGH,
 * INVALID_REQUEST, USER_ACCOUNT_ABNORMAL, RESOURCE_NOT_EXISTS, SIGN_ERROR, …) or our own checks
 * stopped it before signing. False for timeouts, network failures, 5xx and 429 answers and answers
 * that did not verify: the refund may exist, so query it or send the same out_refund_no again.
 */
export function isRefundRefused(error: unknown): boolean {
  return (
    error instanceof ProviderError &&
    error.provider === PROVIDERS.wechatPay &&
    !error.retryable &&
    REFUSALS.has(error.code)
  );
}
