// Checks a WeChat Pay signature on an answer or a notification: the Wechatpay-Serial names a platform
// key we hold, Wechatpay-Timestamp is inside the window, and Wechatpay-Signature verifies (RSA-SHA256)
// over `timestamp\nnonce\nbody\n`. Anything else is refused.
import { X509Certificate, createPublicKey } from "node:crypto";
import type { KeyObject } from "node:crypto";
import { ProviderError, PROVIDERS } from "../errors";
import type { Clock } from "../lib/runtime";
import { responseSignatureMessage, rsaVerify } from "./wechatPayCrypto";

export interface PlatformPublicKey {
  /** Platform certificate serial, or the "PUB_KEY_ID_…" of a WeChat Pay public key. */
  serialNo: string;
  /** PEM public key or PEM platform certificate. */
  publicKey: string | KeyObject;
}

export type PlatformKeyring = ReadonlyMap<string, KeyObject>;

export function createPlatformKeyring(
  keys: readonly PlatformPublicKey[],
): PlatformKeyring {
  const ring = new Map<string, KeyObject>();
  for (const key of keys) {
    const object =
      typeof key.publicKey !== "string"
        ? key.publicKey
        : key.publicKey.includes("BEGIN CERTIFICATE")
          ? new X509Certificate(key.publicKey).publicKey
          : createPublicKey(key.publicKey);
    ring.set(key.serialNo, object);
  }
  return ring;
}

/** Fetch `Headers`, or Node/Fastify incoming headers (lower-case names). */
export type HeaderSource =
  Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

export function headerValue(
  source: HeaderSource,
  name: string,
): string | undefined {
  if (source instanceof Headers) return source.get(name) ?? undefined;
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(source)) {
    if (key.toLowerCase() !== lower || value === undefined) continue;
    return typeof value === "string" ? value : value[0];
  }
  return undefined;
}

export const SIGNATURE_WINDOW_SECONDS = 300;

export function verifyWechatpaySignature(input: {
  keyring: PlatformKeyring;
  headers: HeaderSource;
  body: string;
  clock: Clock;
  windowSeconds?: number;
}): void {
  const timestamp = headerValue(input.headers, "Wechatpay-Timestamp");
  const nonce = headerValue(input.headers, "Wechatpay-Nonce");
  const signature = headerValue(input.headers, "Wechatpay-Signature");
  const serial = headerValue(input.headers, "Wechatpay-Serial");
  if (
    timestamp === undefined ||
    nonce === undefined ||
    signature === undefined ||
    serial === undefined
  ) {
    throw new ProviderError("PAY_BAD_SIGNATURE", PROVIDERS.wechatPay, {
      message: "the message carries no Wechatpay signature headers",
    });
  }
  const key = input.keyring.get(serial);
  if (key === undefined) {
    throw new ProviderError("PAY_BAD_SIGNATURE", PROVIDERS.wechatPay, {
      message: `signed with an unknown platform serial ${serial}`,
      providerCode: serial,
    });
  }
  const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  const window = input.windowSeconds ?? SIGNATURE_WINDOW_SECONDS;
  if (
    Number.isNaN(seconds) ||
    Math.abs(input.clock() / 1000 - seconds) > window
  ) {
    throw new ProviderError("PAY_STALE_TIMESTAMP", PROVIDERS.wechatPay, {
      message: `Wechatpay-Timestamp is outside the ${window} s window`,
    });
  }
  if (
    !rsaVerify(
      responseSignatureMessage(timestamp, nonce, input.body),
      signature,
      key,
    )
  ) {
    throw new ProviderError("PAY_BAD_SIGNATURE", PROVIDERS.wechatPay, {
      message: "Wechatpay-Signature does not verify",
    });
  }
}
