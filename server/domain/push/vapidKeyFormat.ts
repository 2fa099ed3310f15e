// Byte-level checks of the keys Web Push handles, all base64url: P-256 public points (VAPID key,
// a browser's p256dh), the VAPID private scalar, and the 16-byte auth secret. Each check returns
// why the value is unusable, or null.
import { createECDH, createPublicKey } from "node:crypto";

/** Uncompressed P-256 point: 0x04 || X || Y (RFC 8291 §3.1, RFC 8292 §3.2). */
export const P256_POINT_BYTES = 65;
export const P256_SCALAR_BYTES = 32;
/** RFC 8291 §3.2: the authentication secret is 16 octets. */
export const AUTH_SECRET_BYTES = 16;

/** Strict base64url (padding tolerated) → bytes, or null when it is not base64url. */
export function decodeBase64Url(text: string): Buffer | null {
  const unpadded = text.replace(/={0,2}$/, "");
  if (!/^[A-Za-z0-9_-]*$/.test(unpadded) || unpadded.length % 4 === 1)
    return null;
  const bytes = Buffer.from(unpadded, "base64url");
  // NOTE: the round trip rejects non-canonical trailing bits, so one key has one spelling.
  return bytes.toString("base64url") === unpadded ? bytes : null;
}

/** Why `text` is not an uncompressed P-256 public key, or null. */
export function checkP256Point(text: string): string | null {
  const bytes = decodeBase64Url(text);
  if (bytes === null) return "is not base64url";
  if (bytes.length !== P256_POINT_BYTES || bytes[0] !== 0x04)
    return `must decode to a ${P256_POINT_BYTES}-byte uncompressed P-256 point (got ${bytes.length} bytes)`;
  try {
    createPublicKey({
      key: {
        kty: "EC",
        crv: "P-256",
        x: bytes.subarray(1, 33).toString("base64url"),
        y: bytes.subarray(33).toString("base64url"),
      },
      format: "jwk",
    });
  } catch {
    return "is not a point on the P-256 curve";
  }
  return null;
}

export function checkVapidPublicKey(text: string): string | null {
  return checkP256Point(text);
}

/** Why `privateKey` is not the P-256 private key of `publicKey`, or null. */
export function checkVapidPrivateKey(
  privateKey: string,
  publicKey: string,
): string | null {
  const bytes = decodeBase64Url(privateKey);
  if (bytes?.length !== P256_SCALAR_BYTES)
    return `must be base64url of ${P256_SCALAR_BYTES} bytes`;
  let derived: Buffer;
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(bytes);
    derived = ecdh.getPublicKey();
  } catch {
    return "is not a valid P-256 private key";
  }
  if (
    derived.toString("base64url") !==
    decodeBase64Url(publicKey)?.toString("base64url")
  )
    return "does not belong to VAPID_PUBLIC_KEY";
  return null;
}

/** Why `text` is not a 16-byte auth secret, or null. */
export function checkAuthSecret(text: string): string | null {
  const bytes = decodeBase64Url(text);
  if (bytes === null) return "is not base64url";
  if (bytes.length !== AUTH_SECRET_BYTES)
    return `must decode to ${AUTH_SECRET_BYTES} bytes (got ${bytes.length})`;
  return null;
}
