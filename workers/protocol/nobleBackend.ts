// The default CryptoBackend: audited @noble libraries plus the platform CSPRNG, so the same code
// runs in the browser worker and in Node (§8).
import { x25519 } from "./x25519";
import { md5 } from "@noble/hashes/legacy.js";
import type { CryptoBackend } from "./CryptoBackend";
import { aesCbcDecrypt, aesCbcEncrypt } from "./nobleAesCbc";

interface WebCrypto {
  getRandomValues<T extends Uint8Array>(array: T): T;
}

/** Largest request getRandomValues accepts at once (Web Crypto quota). */
const RANDOM_CHUNK = 65536;

/**
 * Fills a new array from `globalThis.crypto.getRandomValues` (browsers, workers, Node ≥ 19).
 * Throws if the platform has no CSPRNG: there is deliberately no Math.random fallback.
 */
export function cryptoRandomBytes(n: number): Uint8Array {
  // NOTE: the protocol folder has no DOM/Node types, so the Web Crypto global is typed here.
  const webCrypto = (globalThis as unknown as { crypto?: WebCrypto }).crypto;
  if (webCrypto === undefined)
    throw new Error("globalThis.crypto.getRandomValues is not available");
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += RANDOM_CHUNK)
    webCrypto.getRandomValues(out.subarray(i, Math.min(n, i + RANDOM_CHUNK)));
  return out;
}

/**
 * {@link CryptoBackend} on @noble/curves, @noble/ciphers and @noble/hashes. AES key schedules are
 * cached per key array (see nobleAesCbc.ts).
 */
export const nobleBackend: CryptoBackend = {
  name: "noble",
  randomBytes: cryptoRandomBytes,
  x25519PublicKey: (privateKey) => x25519.getPublicKey(privateKey),
  x25519: (privateKey, publicKey) =>
    x25519.getSharedSecret(privateKey, publicKey),
  md5: (data) => md5(data),
  aesCbcEncrypt,
  aesCbcDecrypt,
};
