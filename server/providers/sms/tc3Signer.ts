// TencentCloud API 3.0 request signing, TC3-HMAC-SHA256 ("Signature v3"): canonical request →
// string to sign → derived keys (date, service, "tc3_request") → Authorization header. Pure.
import { createHash, createHmac } from "node:crypto";

export const TC3_ALGORITHM = "TC3-HMAC-SHA256";

export interface Tc3SignInput {
  secretId: string;
  secretKey: string;
  /** Product name in the credential scope, e.g. "sms" (the first label of sms.tencentcloudapi.com). */
  service: string;
  method: "POST" | "GET";
  /** Always "/" for API 3.0. */
  canonicalUri?: string;
  /** "" for POST; the URL-encoded query for GET. */
  canonicalQueryString?: string;
  /** Headers taking part in the signature; must include content-type and host. */
  headers: Readonly<Record<string, string>>;
  payload: string;
  /** X-TC-Timestamp, Unix seconds. */
  timestamp: number;
}

export interface Tc3Signature {
  authorization: string;
  signature: string;
  signedHeaders: string;
  credentialScope: string;
  canonicalRequest: string;
  stringToSign: string;
}

export function sha256Hex(data: string): string {
  return createHash("sha256").update(data, "utf8").digest("hex");
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac("sha256", key).update(data, "utf8").digest();
}

/** The UTC date of the timestamp, "YYYY-MM-DD" (never the local date: see the spec's note 1). */
export function tc3Date(timestamp: number): string {
  return new Date(timestamp * 1000).toISOString().slice(0, 10);
}

export function signTc3(input: Tc3SignInput): Tc3Signature {
  const entries = Object.entries(input.headers)
    .map(
      ([name, value]) =>
        [name.trim().toLowerCase(), value.trim().toLowerCase()] as const,
    )
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const names = entries.map(([name]) => name);
  if (!names.includes("content-type") || !names.includes("host")) {
    throw new TypeError("TC3 signing needs the content-type and host headers");
  }
  const canonicalHeaders = entries
    .map(([name, value]) => `${name}:${value}\n`)
    .join("");
  const signedHeaders = names.join(";");
  const canonicalRequest = [
    input.method,
    input.canonicalUri ?? "/",
    input.canonicalQueryString ?? "",
    canonicalHeaders,
    signedHeaders,
    sha256Hex(input.payload),
  ].join("\n");

  const date = tc3Date(input.timestamp);
  const credentialScope = `${date}/${input.service}/tc3_request`;
  const stringToSign = [
    TC3_ALGORITHM,
    String(input.timestamp),
    credentialScope,
    sha256Hex(canonicalRequest),
  ].join("\n");

  const secretDate = hmac(`TC3${input.secretKey}`, date);
  const secretService = hmac(secretDate, input.service);
  const secretSigning = hmac(secretService, "tc3_request");
  const signature = hmac(secretSigning, stringToSign).toString("hex");

  const authorization =
    `${TC3_ALGORITHM} Credential=${input.secretId}/${credentialScope}, ` +
    `SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return {
    authorization,
    signature,
    signedHeaders,
    credentialScope,
    canonicalRequest,
    stringToSign,
  };
}
