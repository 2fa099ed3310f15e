// The crypto primitives the protocol needs (§8), behind one small interface so the browser worker
// uses audited pure-JS code (@noble) and the server may plug in node:crypto where that is faster.

/** AES-128-CBC/PKCS#7 bound to one key and IV (a session's, §8.3). */
export interface BoundAesCbc {
  encrypt(plaintext: Uint8Array): Uint8Array;
  /** Throws on a bad length or bad PKCS#7 padding. */
  decrypt(ciphertext: Uint8Array): Uint8Array;
}

/**
 * Primitive operations used by key exchange, payload encryption and msgKey (§8). Implementations
 * must be byte-for-byte equivalent; the test suite runs the §8.6 vectors against each of them.
 */
export interface CryptoBackend {
  /** Short name for reports, e.g. "noble" or "node:crypto". */
  readonly name: string;
  /** `n` bytes from a CSPRNG (never Math.random). */
  randomBytes(n: number): Uint8Array;
  /** X25519 public key of a 32-byte private key (clamped per RFC 7748). */
  x25519PublicKey(privateKey: Uint8Array): Uint8Array;
  /** Raw 32-byte X25519 shared secret. Throws on low-order public keys. */
  x25519(privateKey: Uint8Array, publicKey: Uint8Array): Uint8Array;
  /** MD5 digest (16 bytes). */
  md5(data: Uint8Array): Uint8Array;
  /** AES-128-CBC with PKCS#7 padding. */
  aesCbcEncrypt(
    key: Uint8Array,
    iv: Uint8Array,
    plaintext: Uint8Array,
  ): Uint8Array;
  /** AES-128-CBC decryption; throws on a bad length or bad PKCS#7 padding. */
  aesCbcDecrypt(
    key: Uint8Array,
    iv: Uint8Array,
    ciphertext: Uint8Array,
  ): Uint8Array;
  /**
   * Optional: a cipher for one key and IV that may keep state between calls (the same results as
   * aesCbcEncrypt/aesCbcDecrypt with that key and IV). ConnectionCrypto binds one per session.
   */
  bindAesCbc?(key: Uint8Array, iv: Uint8Array): BoundAesCbc;
}
