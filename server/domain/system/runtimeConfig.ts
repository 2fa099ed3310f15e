// The runtime configuration the client loads at start: version, URLs, the login methods that
// work (enabled and backed by a provider or emulator) and the WeChat login settings.
import { type RuntimeConfigDto, WECHAT_LOGIN_TYPES } from "#contract";
import type { AddressInfo } from "node:net";
import { type AppConfig, imSocketUrl, originFor } from "../../config/appConfig";
import type { LoginProviders } from "../auth/loginProviders";

/** WeChat's website QR login page (open platform). */
export const WECHAT_QRCONNECT_URL =
  "https://open.weixin.qq.com/connect/qrconnect";
/** WeChat's in-app authorization page (official account). */
export const WECHAT_AUTHORIZE_URL =
  "https://open.weixin.qq.com/connect/oauth2/authorize";
/** The emulator's authorize page, under PUBLIC_URL, standing in for both in development. */
export const EMULATOR_AUTHORIZE_PATH = "/dev/wechat/authorize";
/** The client route WeChat redirects back to, under PUBLIC_URL. */
export const WECHAT_CALLBACK_PATH = "/callback";

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
  providers: Pick<LoginProviders, "sms" | "email" | "wechat">,
): RuntimeConfigDto {
  const { wechat } = providers;
  const emulatorUrl = `${publicUrl}${EMULATOR_AUTHORIZE_PATH}`;
  return {
    version,
    imWsUrl: imSocketUrl(config, publicUrl),
    publicUrl,
    login: {
      phone: providers.sms !== null,
      email: providers.email !== null,
      wechat: wechat !== null,
    },
    wechat:
      wechat === null
        ? null
        : {
            appId: wechat.clients[WECHAT_LOGIN_TYPES.website].appId,
            mpAppId: wechat.clients[WECHAT_LOGIN_TYPES.inApp].appId,
            redirectUrl: `${publicUrl}${WECHAT_CALLBACK_PATH}`,
            emulator: wechat.emulator !== null,
            qrConnectUrl:
              wechat.emulator !== null ? emulatorUrl : WECHAT_QRCONNECT_URL,
            authorizeUrl:
              wechat.emulator !== null ? emulatorUrl : WECHAT_AUTHORIZE_URL,
          },
    devTools: config.devTools,
  };
}
