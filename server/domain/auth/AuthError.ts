// The one error type of sign-in and sessions: a SCREAMING_SNAKE code with its HTTP status, an
// optional Retry-After, and parameters for the localized message (authMessages.ts) the client shows.
import { API_ERRORS, type ApiErrorReason } from "#contract";

/** The reasons of contract/apiErrors.ts that sign-in and sessions give (statuses are there). */
export const AUTH_ERROR_CODES = [
  "INVALID_FIELD",
  "TOKEN_MISSING",
  "TOKEN_INVALID",
  "TOKEN_EXPIRED",
  "SESSION_REVOKED",
  "SESSION_BANNED",
  "REFRESH_INVALID",
  "REFRESH_REUSED",
  "ACCOUNT_BANNED",
  "LOGIN_METHOD_DISABLED",
  "IM_ID_MISMATCH",
  "CODE_EXPIRED",
  "CODE_WRONG",
  "CODE_WRONG_BURNT",
  "CODE_BURNT",
  "CODE_RESEND_TOO_SOON",
  "CODE_DAILY_LIMIT",
  "IP_HOURLY_LIMIT",
  "TARGET_LOCKED",
  "SMS_NUMBER_REJECTED",
  "EMAIL_ADDRESS_REJECTED",
  "PROVIDER_RATE_LIMITED",
  "SMS_FAILED",
  "EMAIL_FAILED",
  "WECHAT_STATE_LIMIT",
  "WECHAT_STATE_MISSING",
  "WECHAT_STATE_MISMATCH",
  "WECHAT_STATE_EXPIRED",
  "WECHAT_STATE_USED",
  "WECHAT_CODE_INVALID",
  "WECHAT_FAILED",
  "PHONE_TAKEN",
] as const satisfies readonly ApiErrorReason[];

export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

export interface AuthErrorOptions {
  /** Seconds until a retry can succeed (429s): sent as Retry-After and shown in the message. */
  retryAfterSeconds?: number;
  /** The malformed field, for INVALID_FIELD. */
  field?: string;
  /**
   * INVALID_FIELD: which field wording says what to enter (default: the field's own); null for
   * fields a program filled in, which get a generic message.
   */
  wording?: string | null;
  cause?: unknown;
}

export class AuthError extends Error {
  override name = "AuthError";
  readonly code: AuthErrorCode;
  readonly status: number;
  readonly retryAfterSeconds: number | undefined;
  readonly field: string | undefined;
  readonly wording: string | null;

  constructor(code: AuthErrorCode, options: AuthErrorOptions = {}) {
    super(
      code,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.code = code;
    this.status = API_ERRORS[code];
    this.retryAfterSeconds =
      options.retryAfterSeconds === undefined
        ? undefined
        : Math.max(1, Math.ceil(options.retryAfterSeconds));
    this.field = options.field;
    this.wording =
      options.wording === undefined ? (options.field ?? null) : options.wording;
  }
}
