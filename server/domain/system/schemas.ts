// TypeBox schema of the runtime configuration (GET /api/app/oapi/v1/config).
import { type Static, Type } from "typebox";

export const RuntimeConfig = Type.Object({
  version: Type.String({ description: "Server package version." }),
  imWsUrl: Type.String({
    description: "Absolute ws(s):// URL of the IM gateway.",
  }),
  publicUrl: Type.String(),
  login: Type.Object({
    phone: Type.Boolean(),
    email: Type.Boolean(),
    wechat: Type.Boolean(),
  }),
  wechat: Type.Union(
    [
      Type.Object({
        appId: Type.String(),
        redirectUrl: Type.String(),
        emulator: Type.Boolean(),
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
