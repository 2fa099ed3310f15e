// The pure cryptography of WeChat Pay API v3, shared by the client and the emulator: the request
// Authorization (RSA-SHA256 over `METHOD\nURL\ntimestamp\nnonce\nbody\n`), response/notification
// signatures (`timestamp\nnonce\nbody\n`), the JSAPI paySign, and the AES-256-GCM `resource` cipher.
import { createCipheriv, createDecipheriv, sign, verify } from "node:crypto";
import type { KeyLike } from "node:crypto";

export const AUTH_SCHEME = "WECHATPAY2-SHA256-RSA2048";
export const RESOURCE_ALGORITHM = "AEAD_AES_256_GCM";
const GCM_TAG_BYTES = 16;

export function requestSignatureMessage(
  method: string,
  pathAndQuery: string,
  timestamp: string,
  nonce: string,
  body: string,
): string {
  return `${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** For answers and notifications; an empty body (204) leaves the last line as a lone "\n". */
export function responseSignatureMessage(
  timestamp: string,
  nonce: string,
  body: string,
): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

export function paySignMessage(
  appId: string,
  timeStamp: string,
  nonceStr: string,
  pkg: string,
): string {
  return `${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`;
}

export function rsaSign(message: string, privateKey: KeyLike): string {
  return sign("sha256", Buffer.from(message, "utf8"), privateKey).toString(
    "base64",
  );
}

/** False (never a throw) for malformed base64, wrong keys or wrong lengths. */
export function rsaVerify(
  message: string,
  signatureBase64: string,
  publicKey: KeyLike,
): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signatureBase64)) return false;
  try {
    return verify(
      "sha256",
      Buffer.from(message, "utf8"),
      publicKey,
      Buffer.from(signatureBase64, "base64"),
    );
  } catch {
    return false;
  }
}

export interface AuthorizationFields {
  mchid: string;
  nonce_str: string;
  signature: string;
  timestamp: string;
  serial_no: string;
}

export function formatAuthorization(fields: AuthorizationFields): string {
  return (
    `${AUTH_SCHEME} mchid="${fields.mchid}",nonce_str="${fields.nonce_str}",` +
    `signature="${fields.signature}",timestamp="${fields.timestamp}",serial_no="${fields.serial_no}"`
  );
}

/** Undefined unless the header has the scheme and all five quoted fields. */
export function parseAuthorization(
  header: string,
): AuthorizationFields | undefined {
  if (!header.startsWith(`${AUTH_SCHEME} `)) return undefined;
  const fields = new Map<string, string>();
  for (const match of header
    .slice(AUTH_SCHEME.length + 1)
    .matchAll(/(\w+)="([^"]*)"/g)) {
    const [, name, value] = match;
    if (name !== undefined && value !== undefined) fields.set(name, value);
  }
  const mchid = fields.get("mchid");
  const nonce = fields.get("nonce_str");
  const signature = fields.get("signature");
  const timestamp = fields.get("timestamp");
  const serial = fields.get("serial_no");
  if (
    mchid === undefined ||
    nonce === undefined ||
    signature === undefined ||
    timestamp === undefined ||
    serial === undefined
  ) {
    return undefined;
  }
  return { mchid, nonce_str: nonce, signature, timestamp, serial_no: serial };
}

export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  nonce: string;
  associated_data: string;
  original_type?: string;
}

function aesKey(apiV3Key: string): Buffer {
  const key = Buffer.from(apiV3Key, "utf8");
  if (key.length !== 32) throw new RangeError("the APIv3 key must be 32 bytes");
  return key;
}

/** AEAD_AES_256_GCM as WeChat uses it: key and 12-char nonce as UTF-8 bytes, ciphertext‖tag in base64. */
export function encryptResource(
  plaintext: string,
  apiV3Key: string,
  nonce: string,
  associatedData: string,
): string {
  const cipher = createCipheriv(
    "aes-256-gcm",
    aesKey(apiV3Key),
    Buffer.from(nonce, "utf8"),
  );
  cipher.setAAD(Buffer.from(associatedData, "utf8"));
  const encrypted = Buffer.concat([
    cipher.update(plaintext, "utf8"),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return encrypted.toString("base64");
}

/** Throws when the ciphertext, nonce, associated data or key do not authenticate. */
export function decryptResource(
  ciphertextBase64: string,
  apiV3Key: string,
  nonce: string,
  associatedData: string,
): string {
  const data = Buffer.from(ciphertextBase64, "base64");
  if (data.length <= GCM_TAG_BYTES)
    throw new RangeError("ciphertext shorter than the GCM tag");
  const decipher = createDecipheriv(
    "aes-256-gcm",
    aesKey(apiV3Key),
    Buffer.from(nonce, "utf8"),
  );
  decipher.setAAD(Buffer.from(associatedData, "utf8"));
  decipher.setAuthTag(data.subarray(data.length - GCM_TAG_BYTES));
  return Buffer.concat([
    decipher.update(data.subarray(0, data.length - GCM_TAG_BYTES)),
    decipher.final(),
  ]).toString("utf8");
}
