// Notifications as WeChat Pay POSTs them to notify_url (payments and refunds): verify the platform
// signature and the timestamp window, check the envelope is of the kind expected, then decrypt the
// AES-256-GCM `resource` with the APIv3 key. A payment notification is never read as a refund.
import type { z } from "zod";
import { ProviderError, PROVIDERS } from "../errors";
import type { Clock } from "../lib/runtime";
import {
  REFUND_EVENT_TYPES,
  toRefund,
  wireRefundNotificationSchema,
} from "./refundTypes";
import type {
  RefundEventType,
  WechatPayRefundNotification,
} from "./refundTypes";
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

export interface NotificationContext {
  keyring: PlatformKeyring;
  apiV3Key: string;
  clock: Clock;
  windowSeconds?: number;
}

/** What tells one kind of notification from another before and after decryption. */
interface NotificationKind<T> {
  /** `resource.original_type`, when WeChat sends it. */
  originalType: string;
  eventTypePrefix: string;
  resource: z.ZodType<T>;
}

const TRANSACTION_KIND = {
  originalType: "transaction",
  eventTypePrefix: "TRANSACTION.",
  resource: wireTransactionSchema,
};

const REFUND_KIND = {
  originalType: "refund",
  eventTypePrefix: "REFUND.",
  resource: wireRefundNotificationSchema,
};

export function verifyNotification(
  notification: IncomingNotification,
  context: NotificationContext,
): WechatPayNotification {
  const { envelope, resource } = openNotification(
    notification,
    context,
    TRANSACTION_KIND,
  );
  return {
    id: envelope.id,
    eventType: envelope.event_type,
    createTime: envelope.create_time,
    summary: envelope.summary,
    transaction: toTransaction(resource),
  };
}

/** Also checks the refund is our merchant's and that the event names the refund's status. */
export function verifyRefundNotification(
  notification: IncomingNotification,
  context: NotificationContext & { mchId: string },
): WechatPayRefundNotification {
  const { envelope, resource } = openNotification(
    notification,
    context,
    REFUND_KIND,
  );
  if (resource.mchid !== context.mchId) {
    throw new ProviderError("PAY_MERCHANT_MISMATCH", PROVIDERS.wechatPay, {
      message: "the refund belongs to another merchant",
    });
  }
  const eventType = envelope.event_type;
  // NOTE: WeChat notifies final refunds only, so PROCESSING never has an event of its own.
  if (
    !isRefundEventType(eventType) ||
    eventType !== `REFUND.${resource.refund_status}`
  ) {
    throw malformed(
      `event ${envelope.event_type} does not match refund status ${resource.refund_status}`,
    );
  }
  return {
    id: envelope.id,
    eventType,
    createTime: envelope.create_time,
    summary: envelope.summary,
    refund: toRefund(resource),
  };
}

function openNotification<T>(
  notification: IncomingNotification,
  context: NotificationContext,
  kind: NotificationKind<T>,
): { envelope: z.infer<typeof notificationEnvelopeSchema>; resource: T } {
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
  const { resource, event_type: eventType } = envelope.data;
  if (resource.algorithm !== RESOURCE_ALGORITHM) {
    throw malformed(`unsupported resource algorithm ${resource.algorithm}`);
  }
  if (
    !eventType.startsWith(kind.eventTypePrefix) ||
    (resource.original_type !== undefined &&
      resource.original_type !== kind.originalType)
  ) {
    throw malformed(
      `not a ${kind.originalType} notification (${eventType}, ${resource.original_type ?? "no original_type"})`,
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
  const parsed = kind.resource.safeParse(parseJson(plaintext));
  if (!parsed.success)
    throw malformed(
      `the decrypted resource is not a ${kind.originalType}`,
      parsed.error,
    );
  return { envelope: envelope.data, resource: parsed.data };
}

function isRefundEventType(value: string): value is RefundEventType {
  return (REFUND_EVENT_TYPES as readonly string[]).includes(value);
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
