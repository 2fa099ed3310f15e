// Users of a test WuKongIM node: a uid with a token registered through the API (web, master level,
// as WukongImAccounts registers them), and a protocol client (#protocol, through the gateway
// tests' ImTestClient) connected with it and past a successful CONNACK.
import { DeviceFlag, DeviceLevel, ReasonCode } from "#protocol";
import type { WukongImApi } from "../../server/im/wukongim/WukongImApi";
import { ImTestClient } from "../server/im/support/ImTestClient";

export interface WukongImUser {
  uid: string;
  token: string;
}

/** Registers a token for `uid` (web device flag; master level unless told). */
export async function registerUser(
  api: WukongImApi,
  uid: string,
  deviceLevel: number = DeviceLevel.MASTER,
): Promise<WukongImUser> {
  const token = `token-${uid}`;
  await api.updateToken({
    uid,
    token,
    device_flag: DeviceFlag.WEB,
    device_level: deviceLevel,
  });
  return { uid, token };
}

/** Connects `who` to the node's WebSocket; fails unless CONNACK says success. */
export async function connectUser(
  wsUrl: string,
  who: WukongImUser,
  deviceID?: string,
): Promise<ImTestClient> {
  const client = await ImTestClient.connect(wsUrl, {
    ...who,
    ...(deviceID === undefined ? {} : { deviceID }),
  });
  if (client.connack?.reasonCode !== ReasonCode.SUCCESS) {
    client.kill();
    throw new Error(
      `CONNACK for ${who.uid}: reason ${String(client.connack?.reasonCode)}`,
    );
  }
  return client;
}
