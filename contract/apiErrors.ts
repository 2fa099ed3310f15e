// Every refusal the API can give: a stable reason (SCREAMING_SNAKE) with the HTTP status it answers
// with. Error envelopes carry it as `reason` (and `params` for the values a sentence needs), so a
// client shows its own translated sentence for each (src/api/errorMessages.ts) while `msg` stays
// the server's plain description for developers and logs. Add a reason here, and the type checker
// asks for its sentence in the client; tests/src/api/errorMessages.test.ts checks cn, tw and en.

export const API_ERRORS = {
  // ── Any route ──
  /** A request field is malformed; params.field names it (params.wording picks the sentence). */
  INVALID_FIELD: 400,
  /** A required field is missing; params.field names it. */
  FIELD_REQUIRED: 400,
  /** A text field is longer than params.max characters. */
  TEXT_TOO_LONG: 400,
  /** A text field has control characters. */
  TEXT_CONTROL_CHARACTERS: 400,
  /** A date field is not a calendar date YYYY-MM-DD. */
  DATE_INVALID: 400,
  /** A date field lies before 1900 or in the future. */
  DATE_OUT_OF_RANGE: 400,
  /** The body or URL cannot be read (bad JSON, broken multipart, bad percent-encoding). */
  MALFORMED_REQUEST: 400,
  /** The body is larger than the route accepts. */
  REQUEST_TOO_LARGE: 413,
  /** The route reads multipart/form-data (a file upload) and got something else. */
  MULTIPART_REQUIRED: 400,
  /** The body's media type is not one the route reads. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** No such route or file. */
  NOT_FOUND: 404,
  /** Too many requests; params.retryAfterSeconds when known. */
  TOO_MANY_REQUESTS: 429,
  /** Something failed on our side; params.requestId names the request. */
  INTERNAL: 500,

  // ── Sign-in and sessions ──
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

  // ── Accounts, invites, managers ──
  ACCOUNT_NOT_FOUND: 404,
  /** params.code: no account has this invite code. */
  INVITE_CODE_UNKNOWN: 404,
  INVITE_CODE_OWN: 400,
  INVITE_ALREADY_BOUND: 409,
  INVITE_CYCLE: 409,
  MANAGER_PHONE_INVALID: 400,
  ALREADY_MANAGER: 409,
  MANAGER_APPLICATION_PENDING: 409,
  MANAGER_APPLICATION_NOT_FOUND: 404,
  MANAGER_APPLICATION_DECIDED: 409,
  REJECTION_REASON_REQUIRED: 400,
  /** The caller's role may not do this (staff-only, monk-only, not a party). */
  FORBIDDEN: 403,

  // ── Content ──
  PRODUCT_NOT_FOUND: 404,
  MONK_NOT_FOUND: 404,
  NEWS_NOT_FOUND: 404,
  PAGE_NOT_FOUND: 404,
  BLESSING_NOT_FOUND: 404,

  // ── Orders and payment ──
  ORDER_NOT_FOUND: 404,
  PRODUCT_OPTION_UNKNOWN: 400,
  /** params.field is not asked for by this product. */
  ORDER_FIELD_NOT_ASKED: 400,
  /** params.max unpaid orders already. */
  PENDING_ORDER_LIMIT: 429,
  ORDER_JUST_PAID: 409,
  /** The order cannot move from params.from to params.to. */
  ORDER_STATE_CONFLICT: 409,
  ORDER_ALREADY_PAID: 409,
  /** params.status: the order is cancelled, refunded, … */
  ORDER_NOT_PAYABLE: 409,
  ORDER_PAYMENT_EXPIRED: 409,
  PAYMENT_REFUSED: 502,
  PAYMENT_UNAVAILABLE: 503,
  PAYMENT_JSAPI_UNAVAILABLE: 503,
  /** WeChat Pay refused H5 (phone browser) payment: the merchant has not enabled it. */
  PAYMENT_H5_UNAVAILABLE: 503,
  WECHAT_AUTH_EXPIRED: 400,
  WECHAT_UNREACHABLE: 502,
  PAYER_OPENID_MISSING: 409,
  PAYMENT_ORDER_UNKNOWN: 404,

  // ── Fulfilment and refunds (#22) ──
  /** Marking an order in service needs the planned date. */
  PLANNED_AT_REQUIRED: 400,
  /** The planned date is more than params.max days away (or more than a week past). */
  PLANNED_AT_OUT_OF_RANGE: 400,
  /** Marking an order completed needs at least one proof photo. */
  PROOF_PHOTO_REQUIRED: 400,
  /** A proof photo is not an image the caller uploaded. */
  PROOF_PHOTO_UNKNOWN: 400,
  /** A refund of this order is under way (params.status): no second one, no fulfilment move. */
  REFUND_OPEN: 409,
  /** params.status: only paid orders not yet completed can be refunded. */
  REFUND_NOT_ALLOWED: 409,
  /** There is no refund request of this order to review. */
  REFUND_NOT_REQUESTED: 409,
  /** Declining a refund needs a reason the owner reads. */
  DECLINE_REASON_REQUIRED: 400,
  /** The team keeps at most params.max quick replies. */
  QUICK_REPLY_LIMIT: 409,
  QUICK_REPLY_NOT_FOUND: 404,
  /** A chat can be handed only to service staff or a monk. */
  HAND_OFF_TARGET_INVALID: 400,
  /** WeChat Pay did not accept the refund (params.code is its code); nothing changed. */
  REFUND_REFUSED: 502,

  // ── Admin pages (#22) ──
  /** An admin cannot take their own admin role away (someone must stay able to run the temple). */
  ADMIN_OWN_ROLE: 409,
  /** An admin cannot be banned: take the admin role away first. */
  ADMIN_NOT_BANNABLE: 409,
  /** Another product already has this slug. */
  PRODUCT_SLUG_TAKEN: 409,
  /** An option someone has ordered cannot be removed (its orders name it); hide the product instead. */
  PRODUCT_OPTION_ORDERED: 409,

  // ── Agreements and signatures ──
  AGREEMENT_NOT_FOUND: 404,
  AGREEMENT_ORDER_NOT_PAID: 409,
  AGREEMENT_ALREADY_SIGNED: 409,
  AGREEMENT_NOT_SIGNED: 409,
  /** params.max bytes. */
  SIGNATURE_TOO_LARGE: 413,
  SIGNATURE_NOT_PNG: 415,
  /** params.max pixels a side. */
  SIGNATURE_TOO_WIDE: 422,

  // ── Messages, files, push, fate together ──
  IM_USER_NOT_FOUND: 404,
  /** The IM engine (WuKongIM) did not answer in time; nothing changed: try again shortly. */
  IM_UNAVAILABLE: 503,
  SERVICE_STAFF_UNAVAILABLE: 404,
  /** The message was refused; params.code names the protocol reason. */
  MESSAGE_REFUSED: 400,
  /** A user sent a content type only the server sends (commands 99, system notices 1000–2000). */
  MESSAGE_TYPE_RESERVED: 400,
  /** An image message links to something other than a file uploaded here. */
  MESSAGE_IMAGE_URL_REFUSED: 400,
  /** A text message with no visible character (only spaces, zero-width characters, …). */
  MESSAGE_TEXT_EMPTY: 400,
  MESSAGING_UNAVAILABLE: 503,
  MESSAGE_REVOKE_EXPIRED: 400,
  FILE_NOT_FOUND: 404,
  IMAGE_EMPTY: 400,
  /** params.max bytes. */
  IMAGE_TOO_LARGE: 413,
  /** Not a PNG, JPEG, WebP or GIF image (judged by its bytes). */
  IMAGE_NOT_ACCEPTED: 415,
  /** params.max pixels in all. */
  IMAGE_TOO_MANY_PIXELS: 422,
  UPLOAD_QUOTA_EXCEEDED: 403,
  FILE_IN_USE: 409,
  PUSH_ENDPOINT_TAKEN: 409,
  PUSH_SUBSCRIPTION_NOT_FOUND: 404,
  FATE_SIGNUP_ARRANGED: 409,
  FATE_SIGNUP_CHANGED: 409,

  // ── Server to server ──
  WEBHOOK_REFUSED: 403,
} as const;

export type ApiErrorReason = keyof typeof API_ERRORS;

/** The values a reason's sentence may use (all optional; each reason documents its own). */
export interface ApiErrorParams {
  field?: string;
  /** Which field wording to use for INVALID_FIELD; null: the generic sentence. */
  wording?: string | null;
  max?: number;
  code?: string;
  status?: string;
  from?: string;
  to?: string;
  retryAfterSeconds?: number;
  requestId?: string;
}

export function isApiErrorReason(value: unknown): value is ApiErrorReason {
  return typeof value === "string" && Object.hasOwn(API_ERRORS, value);
}
