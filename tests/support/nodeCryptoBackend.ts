// A CryptoBackend on node:crypto (OpenSSL), proving the #protocol plug works and feeding the
// benchmark. The server may adopt it as-is; the protocol library itself stays free of Node APIs.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  createSecretKey,
  diffieHellman,
  randomFillSync,
  type KeyObject,
} from "node:crypto";
import type { CryptoBackend } from "#protocol";

// NOTE: RFC 8410 DER prefixes for raw 32-byte X25519 keys (PKCS#8 private, SPKI public).
const PKCS8_X25519 = Buffer.from("302e020100300506032b656e04220420", "hex");
const SPKI_X25519 = Buffer.from("302a300506032b656e032100", "hex");

/** AES key objects cached by the identity of the key array (SessionCrypto reuses one per session). */
const aesKeys = new WeakMap<Uint8Array, KeyObject>();

function aesKey(key: Uint8Array): KeyObject {
  let k = aesKeys.get(key);
  if (k === undefined) {
    k = createSecretKey(key);
    aesKeys.set(key, k);
  }
  return k;
}

function privateKeyObject(raw: Uint8Array): KeyObject {
  return createPrivateKey({ key: Buffer.concat([PKCS8_X25519, raw]), format: "der", type: "pkcs8" });
}

function toBytes(b: Buffer): Uint8Array {
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

/** {@link CryptoBackend} on node:crypto. */
export const nodeCryptoBackend: CryptoBackend = {
  name: "node:crypto",
  randomBytes(n) {
    return randomFillSync(new Uint8Array(n));
  },
  x25519PublicKey(privateKey) {
    const spki = createPublicKey(privateKeyObject(privateKey)).export({ format: "der", type: "spki" });
    return toBytes(spki.subarray(spki.length - 32));
  },
  x25519(privateKey, publicKey) {
    const pub = createPublicKey({ key: Buffer.concat([SPKI_X25519, publicKey]), format: "der", type: "spki" });
    return toBytes(diffieHellman({ privateKey: privateKeyObject(privateKey), publicKey: pub }));
  },
  md5(data) {
    return toBytes(createHash("md5").update(data).digest());
  },
  aesCbcEncrypt(key, iv, plaintext) {
    const c = createCipheriv("aes-128-cbc", aesKey(key), iv);
    return toBytes(Buffer.concat([c.update(plaintext), c.final()]));
  },
  aesCbcDecrypt(key, iv, ciphertext) {
    const d = createDecipheriv("aes-128-cbc", aesKey(key), iv);
    return toBytes(Buffer.concat([d.update(ciphertext), d.final()]));
  },
};
