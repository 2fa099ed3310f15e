// The runtime configuration the client loads at start: version, URLs, login methods, WeChat.
// Derived from AppConfig only; the accounts work replaces the WeChat part when real WeChat exists.
import type { AddressInfo } from "node:net";
import { type AppConfig, imWsUrlFor, originFor } from "../../config";
import type { RuntimeConfigDto } from "./schemas";

/** App id reported while the development WeChat emulator (/dev) stands in for WeChat. */
export const WECHAT_EMULATOR_APP_ID = "wx_fuyuan_dev_emulator";

export function resolvePublicUrl(
  config: AppConfig,
  bound: AddressInfo | string | null,
): string {
  if (config.publicUrl !== null) return config.publicUrl;
  const port =
    bound !== null && typeof bound === "object" ? bound.port : config.port;
  return originFor(config.host, port);
}

export function runtimeConfig(
  config: AppConfig,
  publicUrl: string,
  version: string,
): RuntimeConfigDto {
  return {
    version,
    imWsUrl: imWsUrlFor(publicUrl),
    publicUrl,
    login: { phone: true, email: true, wechat: config.devTools },
    wechat: config.devTools
      ? {
          appId: WECHAT_EMULATOR_APP_ID,
          redirectUrl: `${publicUrl}/login/wechat/callback`,
          emulator: true,
        }
      : null,
    devTools: config.devTools,
  };
}
