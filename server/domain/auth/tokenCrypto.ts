// Small crypto helpers of the accounts domain: random tokens and codes from the CSPRNG, hashes,
// keyed hashes and constant-time comparison. No storage and no HTTP here.
import {
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from "node:crypto";

/** 256 random bits, base64url (43 characters). */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** A code of `digits` decimal digits, uniformly distributed. */
export function randomDigits(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, "0");
}

const BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz";

/** `length` base-36 characters, uniformly distributed (each carries log2(36) ≈ 5.17 bits). */
export function randomBase36(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length)) {
      // NOTE: 252 = 7 × 36; larger bytes are skipped so every character is equally likely.
      if (byte < 252 && out.length < length) out += BASE36.charAt(byte % 36);
    }
  }
  return out;
}

const INVITE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** Upper-case letters and digits without look-alikes (no I, O, 0, 1): 32 symbols, 5 bits each. */
export function randomInviteCode(length = 8): string {
  let out = "";
  for (const byte of randomBytes(length))
    out += INVITE_ALPHABET.charAt(byte & 31);
  return out;
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

export function hmacHex(key: Buffer, value: string): string {
  return createHmac("sha256", key).update(value, "utf8").digest("hex");
}

export function hmacBase64Url(key: Buffer, value: string): string {
  return createHmac("sha256", key).update(value, "utf8").digest("base64url");
}

/** Compares two strings in time independent of where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  // NOTE: timingSafeEqual needs equal lengths; comparing against itself keeps the time uniform.
  if (left.length !== right.length) {
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}
