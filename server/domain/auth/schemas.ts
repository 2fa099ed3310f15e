// TypeBox schemas of the sign-in API (auth-api contract): requests in, token pairs out. They drive
// validation (400 naming the field, localized), serialization and the OpenAPI document.
import { type Static, Type } from "typebox";
import { ErrorEnvelope } from "../../http/envelope";

/** Mainland China mobile number (national form). */
export const PHONE_PATTERN = "^1[3-9]\\d{9}$";
/** Deliberately simple; the mail server remains the judge of deliverability. */
export const EMAIL_PATTERN =
  '^[^\\s@<>()",;]+@[^\\s@<>()",;]+\\.[^\\s@<>()",;.]+$';
export const MAX_EMAIL_LENGTH = 254;
export const AREA_CODE = "86";

const Phone = Type.String({
  pattern: PHONE_PATTERN,
  description: "Mainland China mobile number, e.g. 13800000001.",
});
const AreaCode = Type.Literal(AREA_CODE, {
  description: 'Country calling code; only "86".',
});
const Code = Type.String({
  pattern: "^\\d{6}$",
  description: "The 6-digit code from the SMS or e-mail.",
});
const WechatType = Type.Union([Type.Literal(1), Type.Literal(2)], {
  description:
    "1 = website QR login (open platform), 2 = in-app login (official account).",
});

export const PhoneCodeRequest = Type.Object({
  phone: Phone,
  areaCode: AreaCode,
});

export const EmailCodeQuery = Type.Object({
  email: Type.String({
    maxLength: MAX_EMAIL_LENGTH,
    pattern: EMAIL_PATTERN,
    description: "Address to send the code to.",
  }),
});

export const CodeSent = Type.Object({
  resendAfter: Type.Integer({
    description: "Seconds before another code may be requested (60).",
  }),
});

export const CodeLoginRequest = Type.Object({
  account: Type.String({
    minLength: 1,
    maxLength: MAX_EMAIL_LENGTH,
    description: "A mainland mobile number or an e-mail address.",
  }),
  code: Code,
  areaCode: Type.Optional(AreaCode),
  imId: Type.Optional(
    Type.String({
      maxLength: 64,
      description: "Accepted for compatibility with older clients; not used.",
    }),
  ),
});

export const WechatStateRequest = Type.Object({ type: WechatType });

export const WechatState = Type.Object({
  state: Type.String({
    description: "Single-use OAuth state (26 base-36 characters, 10 minutes).",
  }),
});

export const WechatLoginRequest = Type.Object({
  code: Type.String({
    minLength: 1,
    maxLength: 512,
    description: "The code WeChat appended to the redirect.",
  }),
  state: Type.String({
    minLength: 1,
    maxLength: 128,
    description: "The state WeChat echoed back.",
  }),
  type: Type.Optional(
    Type.Union([Type.Literal(1), Type.Literal(2)], {
      default: 1,
      description: "1 (default) = website QR login, 2 = in-app login.",
    }),
  ),
});

export const RefreshRequest = Type.Object({
  refresh_token: Type.String({ minLength: 1, maxLength: 256 }),
});

export const TokenPair = Type.Object({
  app_token: Type.String({
    description: "Access token for `Authorization: Bearer`.",
  }),
  refresh_token: Type.String({
    description: "Single-use; exchange at oapi/v1/refreshToken.",
  }),
  expires_in: Type.Integer({ description: "Life of app_token in seconds." }),
});

/** Error answers of the sign-in calls (msg localized by Accept-Language). */
export const AUTH_ERRORS = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  429: ErrorEnvelope,
  500: ErrorEnvelope,
  502: ErrorEnvelope,
} as const;

export type WechatLoginBody = Static<typeof WechatLoginRequest>;
