// TypeBox schemas of the system API: the runtime configuration the client loads at start (GET
// oapi/v1/config) and the health check. The server answers with them; the tab derives its
// RuntimeConfig type from them (src/api/types.ts).
import { type Static, Type } from "typebox";

export const RuntimeConfig = Type.Object({
  version: Type.String({ description: "Server package version." }),
  imWsUrl: Type.String({
    description: "Absolute ws(s):// URL of the IM gateway.",
  }),
  publicUrl: Type.String(),
  login: Type.Object(
    {
      phone: Type.Boolean(),
      email: Type.Boolean(),
      wechat: Type.Boolean(),
    },
    {
      description:
        "Login methods that work: enabled by LOGIN_METHODS and backed by a provider (or a development emulator).",
    },
  ),
  wechat: Type.Union(
    [
      Type.Object({
        appId: Type.String({
          description: "Open-platform website app (desktop QR login, type 1).",
        }),
        mpAppId: Type.String({
          description: "Official account (in-app login, type 2).",
        }),
        redirectUrl: Type.String({
          description: "PUBLIC_URL + /callback: where WeChat sends the code.",
        }),
        emulator: Type.Boolean({
          description: "The development emulator stands in for WeChat.",
        }),
        qrConnectUrl: Type.String({
          description:
            "WeChat's qrconnect page, or the emulator's authorize page.",
        }),
        authorizeUrl: Type.String({
          description:
            "WeChat's oauth2/authorize page, or the emulator's authorize page.",
        }),
      }),
      Type.Null(),
    ],
    { description: "null when WeChat login is off." },
  ),
  devTools: Type.Boolean({
    description: "Development emulators under /dev are on.",
  }),
});

export type RuntimeConfigDto = Static<typeof RuntimeConfig>;

const Check = Type.Object({
  ok: Type.Boolean(),
  detail: Type.Optional(Type.String()),
});

/** GET oapi/v1/health. */
export const Health = Type.Object({
  ok: Type.Boolean(),
  database: Check,
  im: Type.Object({
    engine: Type.Union([Type.Literal("embedded"), Type.Literal("wukongim")]),
    ok: Type.Boolean(),
    detail: Type.Optional(Type.String()),
  }),
});
