// Key material for the development WeChat Pay emulator: a merchant RSA pair (the client signs with
// it), a platform RSA pair (the emulator signs answers and notifications), serials and an APIv3 key.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { randomNonce } from "../lib/runtime";

export interface RsaKeyMaterial {
  serialNo: string;
  privateKeyPem: string;
  publicKeyPem: string;
}

export interface WechatPayEmulatorKeys {
  merchant: RsaKeyMaterial;
  platform: RsaKeyMaterial;
  apiV3Key: string;
}

function rsaPair(): RsaKeyMaterial {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  return {
    serialNo: randomBytes(20).toString("hex").toUpperCase(),
    privateKeyPem: privateKey,
    publicKeyPem: publicKey,
  };
}

export function generateEmulatorKeys(): WechatPayEmulatorKeys {
  return {
    merchant: rsaPair(),
    platform: rsaPair(),
    apiV3Key: randomNonce(32),
  };
}
