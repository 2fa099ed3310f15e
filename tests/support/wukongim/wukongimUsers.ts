// Users of a test WuKongIM node: a uid with a token registered through the API (web, master level,
// as WukongImAccounts registers them), and a protocol client (#protocol, through the gateway
// tests' ImTestClient) connected with it and past a successful CONNACK.
import { DeviceFlag, DeviceLevel, ReasonCode } from "#protocol";
import type { WukongImApi } from "../../../server/im/wukongim/WukongImApi";
import { ImTestClient } from "../server/im/ImTestClient";

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

/** Attempts at a CONNECT that WuKongIM closes without a CONNACK (see connectUser). */
const CONNECT_ATTEMPTS = 3;
const CONNECT_RETRY_MS = 500;

/**
 * Connects `who` to the node's WebSocket; fails unless CONNACK says success.
 * WuKongIM v2.2.5 answers a CONNECT whose device or channel lookup errs (its store busy, as on a
 * loaded CI machine) by closing the socket without a CONNACK (internal/user/handler/
 * event_connect.go: `handle connect err`), and our worker reconnects with backoff. So does this:
 * up to 3 attempts, each close reported with the node's log tail (`nodeOutput`) so the cause shows.
 * A CONNACK that refuses is never retried.
 */
export async function connectUser(
  wsUrl: string,
  who: WukongImUser,
  deviceID?: string,
  nodeOutput: () => string = () => "",
): Promise<ImTestClient> {
  for (let attempt = 1; ; attempt += 1) {
    let client: ImTestClient;
    try {
      client = await ImTestClient.connect(wsUrl, {
        ...who,
        ...(deviceID === undefined ? {} : { deviceID }),
      });
    } catch (error) {
      const closed =
        error instanceof Error && error.message.startsWith("closed while");
      const log = nodeOutput().slice(-3000);
      if (!closed || attempt === CONNECT_ATTEMPTS)
        throw new Error(
          `CONNECT for ${who.uid} (attempt ${String(attempt)}): ${String(error)}\n--- WuKongIM output (tail) ---\n${log}`,
          { cause: error },
        );
      console.warn(
        `CONNECT for ${who.uid} closed without CONNACK (attempt ${String(attempt)}); retrying.\n--- WuKongIM output (tail) ---\n${log}`,
      );
      await new Promise((resolve) => setTimeout(resolve, CONNECT_RETRY_MS));
      continue;
    }
    if (client.connack?.reasonCode !== ReasonCode.SUCCESS) {
      client.kill();
      throw new Error(
        `CONNACK for ${who.uid}: reason ${String(client.connack?.reasonCode)}`,
      );
    }
    return client;
  }
}
