// TypeBox schemas of the pay API: the silent-authorisation state and openid binding, JSAPI, Native
// and H5 payment answers, and the status the client polls. The server validates with them; the
// tab derives its pay types from them (src/api/commerce.ts).
import { Type } from "typebox";
import { ORDER_STATUSES } from "../orders";
import { DateTime, Id } from "./common";
import { OrderRefFields } from "./orders";

export const OrderRefBody = Type.Object(OrderRefFields, {
  additionalProperties: false,
});

export const OauthStateResult = Type.Object({
  state: Type.String(),
  appId: Type.String({ description: "Official account app id." }),
  redirectUrl: Type.String({
    description:
      "PUBLIC_URL/callback?type=2&source=order&masterId=…&masterOrderNo=…&id=…",
  }),
  authorizeUrl: Type.String({
    description:
      "Where to send the browser: snsapi_base authorisation (WeChat's page or the emulator's).",
  }),
});

export const BindOpenidRequest = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 256 }),
    state: Type.String({ minLength: 1, maxLength: 128 }),
    masterId: Id,
  },
  { additionalProperties: false },
);

export const BindOpenidResult = Type.Object({
  masterId: Type.Integer(),
  masterOrderNo: Type.String(),
  openidBound: Type.Literal(true),
});

export const JsapiRequest = Type.Object(
  {
    ...OrderRefFields,
    url: Type.String({
      maxLength: 2048,
      description:
        "The full URL of the paying page (for the wx.config signature).",
    }),
  },
  { additionalProperties: false },
);

const PayCommon = {
  masterId: Type.Integer(),
  masterOrderNo: Type.String(),
  totalFen: Type.Integer(),
  payBefore: DateTime,
  emulator: Type.Boolean({
    description: "The development WeChat Pay emulator answered.",
  }),
};

export const JsapiResult = Type.Object({
  ...PayCommon,
  appId: Type.String(),
  timeStamp: Type.String(),
  nonceStr: Type.String(),
  packageVal: Type.String({ description: "prepay_id=…" }),
  signType: Type.Literal("RSA"),
  paySign: Type.String(),
  config: Type.Object(
    {
      appId: Type.String(),
      timestamp: Type.Integer(),
      nonceStr: Type.String(),
      signature: Type.String(),
    },
    { description: "wx.config for the page URL." },
  ),
  cashierUrl: Type.Union([Type.String(), Type.Null()], {
    description:
      "Emulator only: open this cashier page instead of WeixinJSBridge.",
  }),
});

export const NativeResult = Type.Object({
  ...PayCommon,
  codeUrl: Type.String({
    description: "Render as a QR code; poll pay/v1/status.",
  }),
});

export const H5Result = Type.Object({
  ...PayCommon,
  h5Url: Type.String({
    description:
      "Send the phone browser here with `&redirect_url=` + the encoded order page; poll pay/v1/status on return.",
  }),
});

export const PayStatusQuery = Type.Object(OrderRefFields);

export const PayStatus = Type.Object({
  masterId: Type.Integer(),
  masterOrderNo: Type.String(),
  status: Type.Enum([...ORDER_STATUSES]),
  paid: Type.Boolean({
    description: "Paid (or further along: in service, completed).",
  }),
  paidAt: Type.Union([DateTime, Type.Null()]),
});
