// Development wiring: a real WechatPayClient whose transport is the in-process WechatPayEmulator,
// so signing, answer verification and notification decryption run exactly as in production.
import type { Clock } from "../lib/runtime";
import { generateEmulatorKeys } from "./emulatorKeys";
import type { WechatPayEmulatorKeys } from "./emulatorKeys";
import { WechatPayClient } from "./WechatPayClient";
import { WechatPayEmulator } from "./WechatPayEmulator";

export const EMULATED_MCH_ID = "1900000109";

export interface EmulatedWechatPayOptions {
  appIds: readonly string[];
  /** Our server's public origin (cashier page and notify URL live under it). */
  publicUrl: string;
  notifyUrl: string;
  mchId?: string;
  keys?: WechatPayEmulatorKeys;
  clock?: Clock;
}

export interface EmulatedWechatPay {
  client: WechatPayClient;
  emulator: WechatPayEmulator;
  keys: WechatPayEmulatorKeys;
}

export function createEmulatedWechatPay(
  options: EmulatedWechatPayOptions,
): EmulatedWechatPay {
  const keys = options.keys ?? generateEmulatorKeys();
  const mchId = options.mchId ?? EMULATED_MCH_ID;
  const clock = options.clock === undefined ? {} : { clock: options.clock };
  const emulator = new WechatPayEmulator({
    keys,
    mchId,
    appIds: options.appIds,
    publicUrl: options.publicUrl,
    ...clock,
  });
  const client = new WechatPayClient({
    mchId,
    merchantSerialNo: keys.merchant.serialNo,
    merchantPrivateKey: keys.merchant.privateKeyPem,
    apiV3Key: keys.apiV3Key,
    platformPublicKeys: [
      {
        serialNo: keys.platform.serialNo,
        publicKey: keys.platform.publicKeyPem,
      },
    ],
    appIds: options.appIds,
    notifyUrl: options.notifyUrl,
    baseUrl: "https://api.mch.weixin.qq.com",
    fetch: emulator.fetch,
    ...clock,
  });
  return { client, emulator, keys };
}
