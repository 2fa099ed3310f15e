// A payment notification as WeChat Pay POSTs it to notify_url: verify the platform signature and the
// timestamp window, then decrypt the AES-256-GCM `resource` with the APIv3 key into a transaction.
import { ProviderError, PROVIDERS } from "../errors";
import type { Clock } from "../lib/runtime";
import { RESOURCE_ALGORITHM, decryptResource } from "./wechatPayCrypto";
import {
  notificationEnvelopeSchema,
  toTransaction,
  wireTransactionSchema,
} from "./wechatPayTypes";
import type { WechatPayNotification } from "./wechatPayTypes";
import { verifyWechatpaySignature } from "./verifyWechatpaySignature";
import type { HeaderSource, PlatformKeyring } from "./verifyWechatpaySignature";

export interface IncomingNotification {
  headers: HeaderSource;
  /** The body exactly as received; re-serialised JSON will not verify. */
  rawBody: string | Buffer;
}

export function verifyNotification(
  notification: IncomingNotification,
  context: {
    keyring: PlatformKeyring;
    apiV3Key: string;
    clock: Clock;
    windowSeconds?: number;
  },
): WechatPayNotification {
  const body =
    typeof notification.rawBody === "string"
      ? notification.rawBody
      : notification.rawBody.toString("utf8");
  verifyWechatpaySignature({
    keyring: context.keyring,
    headers: notification.headers,
    body,
    clock: context.clock,
    ...(context.windowSeconds === undefined
      ? {}
      : { windowSeconds: context.windowSeconds }),
  });

  const envelope = notificationEnvelopeSchema.safeParse(parseJson(body));
  if (!envelope.success)
    throw malformed(
      "the notification is not a WeChat Pay envelope",
      envelope.error,
    );
  const { resource } = envelope.data;
  if (resource.algorithm !== RESOURCE_ALGORITHM) {
    throw malformed(`unsupported resource algorithm ${resource.algorithm}`);
  }
  if (
    resource.original_type !== undefined &&
    resource.original_type !== "transaction"
  ) {
    throw malformed(
      `not a transaction notification (${resource.original_type})`,
    );
  }

  let plaintext: string;
  try {
    plaintext = decryptResource(
      resource.ciphertext,
      context.apiV3Key,
      resource.nonce,
      resource.associated_data ?? "",
    );
  } catch (error) {
    throw new ProviderError("PAY_DECRYPT_FAILED", PROVIDERS.wechatPay, {
      message: "the notification resource does not decrypt with the APIv3 key",
      cause: error,
    });
  }
  const transaction = wireTransactionSchema.safeParse(parseJson(plaintext));
  if (!transaction.success)
    throw malformed(
      "the decrypted resource is not a transaction",
      transaction.error,
    );

  return {
    id: envelope.data.id,
    eventType: envelope.data.event_type,
    createTime: envelope.data.create_time,
    summary: envelope.data.summary,
    transaction: toTransaction(transaction.data),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function malformed(message: string, cause?: unknown): ProviderError {
  return new ProviderError("PAY_BAD_RESPONSE", PROVIDERS.wechatPay, {
    message,
    ...(cause === undefined ? {} : { cause }),
  });
}
