// X25519 key pairs and the raw shared secret of the handshake (§8.1): CSPRNG private keys, explicit
// private keys for tests and vectors, base64 public keys as CONNECT.clientKey / CONNACK.serverKey carry them.
import { ProtocolError } from "./errors";
import type { CryptoBackend } from "./CryptoBackend";
import { base64Decode, base64Encode } from "./binaryText";
import { nobleBackend } from "./nobleBackend";

/** An X25519 key pair. */
export interface KeyPair {
  /** 32 bytes, clamped (RFC 7748) exactly as curve25519-js `generateKeyPair` returns it. */
  privateKey: Uint8Array;
  /** 32 bytes. */
  publicKey: Uint8Array;
  /** Standard base64 of `publicKey` (44 chars), the CONNECT `clientKey` / CONNACK `serverKey` text. */
  publicKeyBase64: string;
}

/** A new key pair whose private key comes from the backend's CSPRNG. */
export function generateKeyPair(
  backend: CryptoBackend = nobleBackend,
): KeyPair {
  return keyPairFromPrivateKey(backend.randomBytes(32), backend);
}

/**
 * The key pair of a given 32-byte private key or seed (clamped on a copy, like curve25519-js).
 * The JS SDK's seed is the 32 ASCII bytes of a dashless GUID (§8.1, §8.6).
 *
 * @example
 * const client = keyPairFromPrivateKey(encodeUtf8("0123456789abcdef0123456789abcdef"));
 * client.publicKeyBase64; // "hlF7wMOf6Ha3ZGy1407gPa9xzLrWdFDBapcK2MvAPn4="
 */
export function keyPairFromPrivateKey(
  privateKey: Uint8Array,
  backend: CryptoBackend = nobleBackend,
): KeyPair {
  if (privateKey.length !== 32)
    throw new ProtocolError("BAD_KEY", "an X25519 private key has 32 bytes");
  const sk = privateKey.slice();
  sk[0] = (sk[0] as number) & 248;
  sk[31] = ((sk[31] as number) & 127) | 64;
  const publicKey = backend.x25519PublicKey(sk);
  return {
    privateKey: sk,
    publicKey,
    publicKeyBase64: base64Encode(publicKey),
  };
}

/** Decodes a base64 public key; `BAD_KEY` unless it is exactly 32 bytes of standard base64. */
export function decodePublicKey(base64: string): Uint8Array {
  let key: Uint8Array;
  try {
    key = base64Decode(base64);
  } catch (cause) {
    throw new ProtocolError("BAD_KEY", "public key is not standard base64", {
      cause,
    });
  }
  if (key.length !== 32)
    throw new ProtocolError(
      "BAD_KEY",
      `public key has ${key.length} bytes, not 32`,
    );
  return key;
}

/** Raw X25519 shared secret with a peer's base64 public key (§8.2). `BAD_KEY` on unusable keys. */
export function sharedSecret(
  privateKey: Uint8Array,
  peerPublicKeyBase64: string,
  backend: CryptoBackend = nobleBackend,
): Uint8Array {
  const peer = decodePublicKey(peerPublicKeyBase64);
  try {
    return backend.x25519(privateKey, peer);
  } catch (cause) {
    throw new ProtocolError(
      "BAD_KEY",
      "X25519 rejected the key pair (low-order public key?)",
      { cause },
    );
  }
}
