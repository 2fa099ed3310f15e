// A CryptoBackend on node:crypto (OpenSSL): the IM gateway's crypto (X25519, MD5, AES-128-CBC), faster
// than the pure-JS default. The protocol library itself stays free of Node APIs.
import {
  createCipheriv,
  createDecipheriv,
  hash,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  randomFillSync,
  timingSafeEqual,
  type Cipher,
  type Decipher,
  type KeyObject,
} from "node:crypto";
import type { BoundAesCbc, CryptoBackend } from "#protocol";

// NOTE: raw X25519 keys go in and out as JWK, not as RFC 8410 DER. OpenSSL 3 parses a DER key
// through its generic decoder chain: 0.5–0.7 ms per createPrivateKey/createPublicKey on this
// machine, about 1.2 ms per handshake, which alone held a 10,000-client reconnect storm's main
// thread for ~12 s (#20, found with --cpu-prof). Node imports an OKP JWK with
// EVP_PKEY_new_raw_*_key: the same key in ~0.1 ms per handshake (same bytes, same shared secret).
function b64url(raw: Uint8Array): string {
  return Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString(
    "base64url",
  );
}

// NOTE: a handshake uses its fresh private key twice, for its public key and then for the shared
// secret. The last key imported is kept, so the second use costs no import: the import was a third
// of a 10,000-client reconnect storm's CPU (#20, --cpu-prof). Compared by value, in constant time.
let lastPrivate: { readonly raw: Buffer; readonly key: KeyObject } | null =
  null;

function privateKeyObject(raw: Uint8Array): KeyObject {
  if (
    lastPrivate !== null &&
    lastPrivate.raw.length === raw.length &&
    timingSafeEqual(lastPrivate.raw, raw)
  )
    return lastPrivate.key;
  // NOTE: Node reads only `d` of a private OKP JWK; `x` must be a string.
  const key = createPrivateKey({
    key: { kty: "OKP", crv: "X25519", d: b64url(raw), x: "" },
    format: "jwk",
  });
  lastPrivate = { raw: Buffer.from(raw), key };
  return key;
}

function publicKeyObject(raw: Uint8Array): KeyObject {
  return createPublicKey({
    key: { kty: "OKP", crv: "X25519", x: b64url(raw) },
    format: "jwk",
  });
}

function toBytes(b: Buffer): Uint8Array {
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

/**
 * A session's cipher (bindAesCbc): one long-lived OpenSSL CBC context per direction, so a message
 * costs one native `update()` instead of a createCipheriv/final pair (the protocol reuses one key
 * and IV for a whole session, §8.3).
 *
 * NOTE: a continuing CBC stream chains from the previous message's last ciphertext block instead
 * of the IV. XOR-ing (previous block ⊕ IV) into the first plaintext block (encrypt) or first
 * output block (decrypt) turns it back into a fresh CBC message with that IV; padding is done
 * here with OpenSSL's auto-padding off. The output is byte-identical to a fresh cipher (tested
 * against noble on thousands of messages).
 */
class CbcStream implements BoundAesCbc {
  readonly #iv: Buffer;
  readonly #enc: Cipher;
  readonly #dec: Decipher;
  /** The last ciphertext block of each direction, copied (a view would keep its whole buffer alive). */
  readonly #encPrev: Buffer;
  readonly #decPrev: Buffer;

  constructor(key: Uint8Array, iv: Uint8Array) {
    this.#iv = Buffer.from(iv);
    this.#enc = createCipheriv("aes-128-cbc", key, iv).setAutoPadding(false);
    this.#dec = createDecipheriv("aes-128-cbc", key, iv).setAutoPadding(false);
    this.#encPrev = Buffer.from(iv);
    this.#decPrev = Buffer.from(iv);
  }

  encrypt(plaintext: Uint8Array): Uint8Array {
    const n = plaintext.length;
    const total = (n & ~15) + 16;
    const block = Buffer.allocUnsafe(total);
    block.set(plaintext);
    block.fill(total - n, n);
    for (let i = 0; i < 16; i++)
      block[i] =
        (block[i] as number) ^
        (this.#encPrev[i] as number) ^
        (this.#iv[i] as number);
    const out = this.#enc.update(block);
    out.copy(this.#encPrev, 0, total - 16, total);
    return toBytes(out);
  }

  decrypt(ciphertext: Uint8Array): Uint8Array {
    const total = ciphertext.length;
    if (total === 0 || total % 16 !== 0)
      throw new Error("ciphertext is not whole AES blocks");
    const out = this.#dec.update(ciphertext);
    for (let i = 0; i < 16; i++)
      out[i] =
        (out[i] as number) ^
        (this.#decPrev[i] as number) ^
        (this.#iv[i] as number);
    this.#decPrev.set(ciphertext.subarray(total - 16));
    const pad = out[total - 1] as number;
    let bad = pad === 0 || pad > 16;
    for (let i = 1; i <= pad && !bad; i++) bad = out[total - i] !== pad;
    if (bad) throw new Error("invalid PKCS#7 padding");
    return toBytes(out.subarray(0, total - pad));
  }
}

/** {@link CryptoBackend} on node:crypto. */
export const nodeCryptoBackend: CryptoBackend = {
  name: "node:crypto",
  randomBytes(n) {
    return randomFillSync(new Uint8Array(n));
  },
  x25519PublicKey(privateKey) {
    const { x } = createPublicKey(privateKeyObject(privateKey)).export({
      format: "jwk",
    });
    return toBytes(Buffer.from(x ?? "", "base64url"));
  },
  x25519(privateKey, publicKey) {
    return toBytes(
      diffieHellman({
        privateKey: privateKeyObject(privateKey),
        publicKey: publicKeyObject(publicKey),
      }),
    );
  },
  md5(data) {
    return toBytes(hash("md5", data, "buffer"));
  },
  aesCbcEncrypt(key, iv, plaintext) {
    const cipher = createCipheriv("aes-128-cbc", key, iv);
    return toBytes(Buffer.concat([cipher.update(plaintext), cipher.final()]));
  },
  aesCbcDecrypt(key, iv, ciphertext) {
    const decipher = createDecipheriv("aes-128-cbc", key, iv);
    return toBytes(
      Buffer.concat([decipher.update(ciphertext), decipher.final()]),
    );
  },
  bindAesCbc(key, iv) {
    if (key.length !== 16 || iv.length !== 16)
      throw new Error("AES-128-CBC needs a 16-byte key and IV");
    return new CbcStream(key, iv);
  },
};
