// TypeBox schemas of the sign-in API (auth-api contract): requests in, token pairs out. They drive
// the server's validation (400 naming the field, localized), serialization and OpenAPI document;
// the tab derives its account types from them (src/api/accountTypes.ts).
import { type Static, Type } from "typebox";
import {
  AREA_CODE,
  EMAIL_PATTERN,
  LOGIN_CODE_PATTERN,
  MAX_EMAIL_LENGTH,
  PHONE_PATTERN,
  WECHAT_LOGIN_TYPES,
} from "../accounts";

const Phone = Type.String({
  pattern: PHONE_PATTERN,
  description: "Mainland China mobile number, e.g. 13800000001.",
});
const AreaCode = Type.Literal(AREA_CODE, {
  description: 'Country calling code; only "86".',
});
const Code = Type.String({
  pattern: LOGIN_CODE_PATTERN,
  description: "The 6-digit code from the SMS or e-mail.",
});
const wechatType = (options: { default?: number; description: string }) =>
  Type.Union(
    [
      Type.Literal(WECHAT_LOGIN_TYPES.website),
      Type.Literal(WECHAT_LOGIN_TYPES.inApp),
    ],
    options,
  );
const WechatType = wechatType({
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
    wechatType({
      default: WECHAT_LOGIN_TYPES.website,
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

export type WechatLoginBody = Static<typeof WechatLoginRequest>;
