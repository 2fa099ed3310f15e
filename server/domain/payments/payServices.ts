// Wires payments from configuration: the WeChat Pay client (real, or a real client over the
// in-process emulator in development), the official-account OAuth client for the snsapi_base
// openid, and the JS-SDK page signer. Unconfigured or PAYMENTS=off → pay calls answer 503.
import { WECHAT_LOGIN_TYPES } from "#contract";
import { readFileSync } from "node:fs";
import { X509Certificate } from "node:crypto";
import type { AppConfig } from "../../config/appConfig";
import type { Db } from "../../db/createDb";
import { HttpError } from "../../http/errors";
import { ConfigError } from "../../config/env";
import type { Clock } from "../../providers/lib/runtime";
import { randomNonce, unixSeconds } from "../../providers/lib/runtime";
import { HttpWechatOAuthClient } from "../../providers/wechat/HttpWechatOAuthClient";
import { jssdkSignature } from "../../providers/wechat/jssdkSignature";
import {
  type JssdkPageConfig,
  WechatJssdkClient,
} from "../../providers/wechat/WechatJssdkClient";
import type { WechatOAuthClient } from "../../providers/wechat/WechatOAuthClient";
import { createEmulatedWechatPay } from "../../providers/wechatPay/createEmulatedWechatPay";
import { WechatPayClient } from "../../providers/wechatPay/WechatPayClient";
import type { WechatPayEmulator } from "../../providers/wechatPay/WechatPayEmulator";
import { EMULATOR_APP_IDS, emulatorsAllowed } from "../auth/loginProviders";
import type { LoginProviders } from "../auth/loginProviders";
import {
  EMULATOR_AUTHORIZE_PATH,
  WECHAT_AUTHORIZE_URL,
} from "../system/runtimeConfig";
import { loadEmulatorKeys } from "./emulatorKeyStore";

/** Where WeChat Pay posts notifications, under the API prefix. */
export const NOTIFY_PATH = "/api/app/pay/v1/notify";
/** Where WeChat Pay posts refund notifications: beside the payment one. */
export const REFUND_NOTIFY_PATH = "/api/app/pay/v1/refund/notify";
/** The emulator stands in for the jsapi_ticket: signatures are computed, never checked by WeChat. */
const EMULATED_JSAPI_TICKET = "fuyuan-dev-emulated-jsapi-ticket";

export interface PayProvider {
  client: WechatPayClient;
  /** The development emulator behind `client`, or null for the real WeChat Pay. */
  emulator: WechatPayEmulator | null;
  /** The app id orders are placed for (the official account). */
  appId: string;
  /** The notify_url of refunds (…/pay/v1/refund/notify beside the payment notify URL). */
  refundNotifyUrl: string;
}

export interface PageSigner {
  signPage(url: string): Promise<JssdkPageConfig>;
}

export interface PayServices {
  /**
   * The provider, or null when payments are off / not configured. The development emulator is
   * built at first use (its keys are generated then and kept in the database).
   */
  provider(): Promise<PayProvider | null>;
  /** The provider, or 503 naming why there is none. */
  requireProvider(): Promise<PayProvider>;
  /** Official-account OAuth (snsapi_base openid), or null without one. */
  oauth: WechatOAuthClient | null;
  /** JS-SDK wx.config signer, or null without an official account. */
  jssdk: PageSigner | null;
  /** WeChat's authorize page, or the emulator's under PUBLIC_URL. */
  authorizeUrl(publicUrl: string): string;
}

export interface PayServicesOptions {
  config: AppConfig;
  db: Db;
  clock: Clock;
  providers: Pick<LoginProviders, "wechat">;
  /** PUBLIC_URL, known once the server listens (PORT=0). */
  publicUrl: () => string;
}

export function createPayServices(options: PayServicesOptions): PayServices {
  const { config, clock } = options;
  const emulate = emulatorsAllowed(config);
  const mp = config.auth.wechat?.mp ?? null;
  const apiBase = config.auth.wechat?.apiBase ?? null;
  const wechatEmulator = options.providers.wechat?.emulator ?? null;

  let oauth: WechatOAuthClient | null = null;
  let jssdk: PageSigner | null = null;
  if (mp !== null) {
    oauth = new HttpWechatOAuthClient({
      appType: WECHAT_LOGIN_TYPES.inApp,
      ...mp,
      ...(apiBase === null ? {} : { baseUrl: apiBase }),
    });
    jssdk = new WechatJssdkClient({
      ...mp,
      ...(apiBase === null ? {} : { baseUrl: apiBase }),
      clock,
    });
  } else if (wechatEmulator !== null) {
    oauth = wechatEmulator.client(WECHAT_LOGIN_TYPES.inApp);
    jssdk = emulatedSigner(oauth.appId, clock);
  }

  let provider: () => Promise<PayProvider | null> = () => Promise.resolve(null);
  let why = "payments are turned off (PAYMENTS=off)";
  const pay = config.pay;
  if (pay.enabled && pay.wechatPay !== null) {
    const real = realProvider(config, clock);
    provider = () => Promise.resolve(real);
  } else if (pay.enabled && emulate) {
    let built: Promise<PayProvider> | undefined;
    const build = async (): Promise<PayProvider> => {
      const keys = await loadEmulatorKeys(options.db);
      const publicUrl = options.publicUrl();
      const appId = oauth?.appId ?? EMULATOR_APP_IDS[WECHAT_LOGIN_TYPES.inApp];
      const emulated = createEmulatedWechatPay({
        appIds: [appId],
        publicUrl,
        notifyUrl: `${publicUrl}${NOTIFY_PATH}`,
        keys,
        clock,
      });
      return {
        client: emulated.client,
        emulator: emulated.emulator,
        appId,
        refundNotifyUrl: `${publicUrl}${REFUND_NOTIFY_PATH}`,
      };
    };
    provider = () => {
      built ??= build().catch((error: unknown) => {
        built = undefined;
        throw error;
      });
      return built;
    };
  } else if (pay.enabled) {
    why =
      "WeChat Pay is not configured (set WECHAT_PAY_* or turn DEV_TOOLS on)";
  }

  return {
    provider,
    requireProvider: async () => {
      const found = await provider();
      if (found === null) throw new HttpError("PAYMENT_UNAVAILABLE", why);
      return found;
    },
    oauth,
    jssdk,
    authorizeUrl: (publicUrl) =>
      wechatEmulator !== null && mp === null
        ? `${publicUrl}${EMULATOR_AUTHORIZE_PATH}`
        : WECHAT_AUTHORIZE_URL,
  };
}

function emulatedSigner(appId: string, clock: Clock): PageSigner {
  return {
    signPage: (url) => {
      const timestamp = unixSeconds(clock);
      const nonceStr = randomNonce(16);
      return Promise.resolve({
        appId,
        timestamp,
        nonceStr,
        signature: jssdkSignature({
          ticket: EMULATED_JSAPI_TICKET,
          nonceStr,
          timestamp,
          url,
        }),
      });
    },
  };
}

function realProvider(config: AppConfig, clock: Clock): PayProvider {
  const settings = config.pay.wechatPay;
  if (settings === null) throw new Error("WeChat Pay is not configured");
  const privateKey = pem("WECHAT_PAY_PRIVATE_KEY", settings.merchantPrivateKey);
  const platformKey = pem(
    "WECHAT_PAY_PLATFORM_PUBLIC_KEY",
    settings.platformPublicKey,
  );
  let serialNo = settings.platformSerial;
  if (serialNo === null) {
    try {
      serialNo = new X509Certificate(platformKey).serialNumber;
    } catch (error) {
      throw new ConfigError(
        "WECHAT_PAY_PLATFORM_SERIAL",
        `is required: WECHAT_PAY_PLATFORM_PUBLIC_KEY is not a readable certificate (${String(error)})`,
      );
    }
  }
  try {
    const client = new WechatPayClient({
      mchId: settings.mchId,
      merchantSerialNo: settings.merchantSerialNo,
      merchantPrivateKey: privateKey,
      apiV3Key: settings.apiV3Key,
      platformPublicKeys: [{ serialNo, publicKey: platformKey }],
      appIds: [settings.appId],
      notifyUrl: settings.notifyUrl,
      ...(settings.baseUrl === null ? {} : { baseUrl: settings.baseUrl }),
      clock,
    });
    return {
      client,
      emulator: null,
      appId: settings.appId,
      // NOTE: "refund/notify" resolved against …/pay/v1/notify is …/pay/v1/refund/notify.
      refundNotifyUrl: new URL("refund/notify", settings.notifyUrl).href,
    };
  } catch (error) {
    throw new ConfigError(
      "WECHAT_PAY_PRIVATE_KEY",
      `WeChat Pay keys are not usable: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** Inline PEM, or the contents of the file it names. */
function pem(variable: string, value: string): string {
  if (value.includes("-----BEGIN")) return value;
  try {
    return readFileSync(value, "utf8");
  } catch (error) {
    throw new ConfigError(
      variable,
      `is neither a PEM nor a readable file (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}
