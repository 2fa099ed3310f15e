// The one error type of sign-in and sessions: a SCREAMING_SNAKE code with its HTTP status, an
// optional Retry-After, and parameters for the localized message (authMessages.ts) the client shows.

/** Each code with the HTTP status (and envelope code) it answers with. */
export const AUTH_ERROR_STATUS = {
  /** A request field is malformed; params.field names it. */
  INVALID_FIELD: 400,
  TOKEN_MISSING: 401,
  TOKEN_INVALID: 401,
  TOKEN_EXPIRED: 401,
  SESSION_REVOKED: 401,
  /** A token of a banned account. */
  SESSION_BANNED: 401,
  REFRESH_INVALID: 401,
  REFRESH_REUSED: 401,
  /** Sign-in (with a correct code or WeChat) to a banned account. */
  ACCOUNT_BANNED: 403,
  LOGIN_METHOD_DISABLED: 403,
  IM_ID_MISMATCH: 403,
  CODE_EXPIRED: 400,
  CODE_WRONG: 400,
  /** The wrong try that used up the code's last attempt. */
  CODE_WRONG_BURNT: 400,
  /** A try on a code already burnt by wrong tries. */
  CODE_BURNT: 400,
  CODE_RESEND_TOO_SOON: 429,
  CODE_DAILY_LIMIT: 429,
  IP_HOURLY_LIMIT: 429,
  TARGET_LOCKED: 429,
  SMS_NUMBER_REJECTED: 400,
  EMAIL_ADDRESS_REJECTED: 400,
  PROVIDER_RATE_LIMITED: 429,
  SMS_FAILED: 502,
  EMAIL_FAILED: 502,
  /** Too many WeChat sign-ins started from one IP address within an hour. */
  WECHAT_STATE_LIMIT: 429,
  WECHAT_STATE_MISSING: 400,
  WECHAT_STATE_MISMATCH: 400,
  WECHAT_STATE_EXPIRED: 400,
  WECHAT_STATE_USED: 400,
  WECHAT_CODE_INVALID: 400,
  WECHAT_FAILED: 502,
  PHONE_TAKEN: 409,
} as const;

export type AuthErrorCode = keyof typeof AUTH_ERROR_STATUS;

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
    this.status = AUTH_ERROR_STATUS[code];
    this.retryAfterSeconds =
      options.retryAfterSeconds === undefined
        ? undefined
        : Math.max(1, Math.ceil(options.retryAfterSeconds));
    this.field = options.field;
    this.wording =
      options.wording === undefined ? (options.field ?? null) : options.wording;
  }
}
