// Builds WeChat Pay notifications by hand from key material (signed with the platform key,
// resource encrypted with the APIv3 key), so tests can send ones the emulator never would:
// another amount, another merchant, a stale timestamp.
import { randomUUID } from "node:crypto";
import type { WechatPayEmulatorKeys } from "../../../server/providers/wechatPay/emulatorKeys";
import {
  encryptResource,
  responseSignatureMessage,
  rsaSign,
} from "../../../server/providers/wechatPay/wechatPayCrypto";
import type { WireTransaction } from "../../../server/providers/wechatPay/wechatPayTypes";

export interface ForgedNotification {
  headers: Record<string, string>;
  rawBody: string;
}

export function forgeNotification(
  keys: WechatPayEmulatorKeys,
  transaction: WireTransaction,
  options: { timestampSeconds: number; id?: string },
): ForgedNotification {
  const nonce = "ABCDEFGHIJKL";
  const rawBody = JSON.stringify({
    id: options.id ?? randomUUID(),
    create_time: "2026-11-21T12:00:00+08:00",
    resource_type: "encrypt-resource",
    event_type: "TRANSACTION.SUCCESS",
    summary: "支付成功",
    resource: {
      original_type: "transaction",
      algorithm: "AEAD_AES_256_GCM",
      ciphertext: encryptResource(
        JSON.stringify(transaction),
        keys.apiV3Key,
        nonce,
        "transaction",
      ),
      associated_data: "transaction",
      nonce,
    },
  });
  const timestamp = String(options.timestampSeconds);
  const signNonce = "NONCE0123456789";
  return {
    headers: {
      "Content-Type": "application/json",
      "Wechatpay-Timestamp": timestamp,
      "Wechatpay-Nonce": signNonce,
      "Wechatpay-Serial": keys.platform.serialNo,
      "Wechatpay-Signature": rsaSign(
        responseSignatureMessage(timestamp, signNonce, rawBody),
        keys.platform.privateKeyPem,
      ),
    },
    rawBody,
  };
}

/** POSTs a notification to the server's notify endpoint; returns status and WeChat-style answer. */
export async function deliver(
  baseUrl: string,
  notification: { headers: Record<string, string>; rawBody: string },
): Promise<{ status: number; body: { code: string; message: string } }> {
  const response = await fetch(new URL("/api/app/pay/v1/notify", baseUrl), {
    method: "POST",
    headers: notification.headers,
    body: notification.rawBody,
  });
  return {
    status: response.status,
    body: (await response.json()) as { code: string; message: string },
  };
}
