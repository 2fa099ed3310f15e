// What a provider failure means to the user: a bad number/address or a WeChat code that cannot be
// redeemed is a 400, a provider's own rate limit a 429, anything else a 502 "try again later".
// Misconfiguration is logged as an error for the operator; the user never sees provider details.
import type { FastifyBaseLogger } from "fastify";
import { isProviderError } from "../../providers/errors";
import { AuthError, type AuthErrorCode } from "./AuthError";

const BY_PROVIDER_CODE: Partial<Record<string, AuthErrorCode>> = {
  SMS_INVALID_NUMBER: "SMS_NUMBER_REJECTED",
  SMS_REJECTED: "SMS_NUMBER_REJECTED",
  SMS_RATE_LIMITED: "PROVIDER_RATE_LIMITED",
  EMAIL_INVALID_ADDRESS: "EMAIL_ADDRESS_REJECTED",
  EMAIL_REJECTED: "EMAIL_ADDRESS_REJECTED",
  WECHAT_INVALID_CODE: "WECHAT_CODE_INVALID",
  WECHAT_CODE_USED: "WECHAT_CODE_INVALID",
};

/** Retry-After for a provider's own rate limit (its exact window is not reported). */
const PROVIDER_RETRY_SECONDS = 60;

export function providerFailure(
  error: unknown,
  channel: "sms" | "email" | "wechat",
  log: FastifyBaseLogger,
): AuthError {
  if (!isProviderError(error)) throw error;
  const mapped = BY_PROVIDER_CODE[error.code];
  const fallback: AuthErrorCode =
    channel === "sms"
      ? "SMS_FAILED"
      : channel === "email"
        ? "EMAIL_FAILED"
        : "WECHAT_FAILED";
  const code = mapped ?? fallback;
  const detail = {
    provider: error.provider,
    providerError: error.code,
    providerCode: error.providerCode,
    reason: error.message,
  };
  if (
    error.code.endsWith("_MISCONFIGURED") ||
    error.code.endsWith("_AUTH_FAILED")
  )
    log.error(detail, "login provider is misconfigured");
  else log.warn(detail, "login provider failed");
  return new AuthError(code, {
    cause: error,
    ...(code === "PROVIDER_RATE_LIMITED"
      ? { retryAfterSeconds: PROVIDER_RETRY_SECONDS }
      : {}),
  });
}
