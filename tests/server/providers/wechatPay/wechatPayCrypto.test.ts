// WeChat Pay v3 primitives: the documented signature-string formats, RSA-SHA256 sign/verify, the
// Authorization header, and AEAD_AES_256_GCM cross-checked against an independent implementation
// (@noble/ciphers) and against raw node:crypto.
import { createDecipheriv, generateKeyPairSync } from "node:crypto";
import { gcm } from "@noble/ciphers/aes.js";
import { beforeAll, describe, expect, it } from "vitest";
import {
  decryptResource,
  encryptResource,
  formatAuthorization,
  paySignMessage,
  parseAuthorization,
  requestSignatureMessage,
  responseSignatureMessage,
  rsaSign,
  rsaVerify,
} from "../../../../server/providers/wechatPay/wechatPayCrypto";

const API_V3_KEY = "0123456789abcdefghijklmnopqrstuv";
let keys: { privateKey: string; publicKey: string };

beforeAll(() => {
  keys = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
});

describe("signature strings", () => {
  it("builds the request string of the docs' example (GET /v3/certificates)", () => {
    expect(
      requestSignatureMessage(
        "GET",
        "/v3/certificates",
        "1554208460",
        "593BEC0C930BF1AFEB40B4A08C8FB242",
        "",
      ),
    ).toBe(
      "GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n",
    );
  });

  it("ends the answer string with the body and a newline, or a lone newline for 204", () => {
    expect(
      responseSignatureMessage(
        "1554209980",
        "c5ac7061fccab6bf3e254dcf98995b8c",
        '{"a":1}',
      ),
    ).toBe('1554209980\nc5ac7061fccab6bf3e254dcf98995b8c\n{"a":1}\n');
    expect(responseSignatureMessage("1", "n", "")).toBe("1\nn\n\n");
  });

  it("builds the JSAPI paySign string with one field per line", () => {
    expect(
      paySignMessage(
        "wx8888888888888888",
        "1414561699",
        "5K8264ILTKCH16CQ2502SI8ZNMTM67VS",
        "prepay_id=wx201410272009395522657a690389285100",
      ),
    ).toBe(
      "wx8888888888888888\n1414561699\n5K8264ILTKCH16CQ2502SI8ZNMTM67VS\nprepay_id=wx201410272009395522657a690389285100\n",
    );
  });
});

describe("RSA-SHA256", () => {
  it("signs so that the public key verifies, and nothing else does", () => {
    const signature = rsaSign("hello\n", keys.privateKey);
    expect(Buffer.from(signature, "base64")).toHaveLength(256);
    expect(rsaVerify("hello\n", signature, keys.publicKey)).toBe(true);
    expect(rsaVerify("hello", signature, keys.publicKey)).toBe(false);
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 });
    expect(rsaVerify("hello\n", signature, other.publicKey)).toBe(false);
    expect(rsaVerify("hello\n", "not base64!", keys.publicKey)).toBe(false);
    expect(rsaVerify("hello\n", "WECHATPAY/SIGNTEST/abc", keys.publicKey)).toBe(
      false,
    );
    expect(rsaVerify("hello\n", "AAAA", keys.publicKey)).toBe(false);
  });

  it("formats and parses the Authorization header", () => {
    const fields = {
      mchid: "1900009191",
      nonce_str: "593BEC0C930BF1AFEB40B4A08C8FB242",
      signature: "uOVR+/A==",
      timestamp: "1554208460",
      serial_no: "1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C",
    };
    const header = formatAuthorization(fields);
    expect(header).toBe(
      'WECHATPAY2-SHA256-RSA2048 mchid="1900009191",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",signature="uOVR+/A==",timestamp="1554208460",serial_no="1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C"',
    );
    expect(parseAuthorization(header)).toEqual(fields);
    expect(
      parseAuthorization(header.replace("WECHATPAY2-SHA256-RSA2048", "Bearer")),
    ).toBeUndefined();
    expect(
      parseAuthorization(
        header.replace(
          ',serial_no="1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C"',
          "",
        ),
      ),
    ).toBeUndefined();
  });
});

describe("AEAD_AES_256_GCM resource", () => {
  const nonce = "fdasflkja484";
  const aad = "transaction";
  const plaintext = JSON.stringify({
    out_trade_no: "FY20261121001",
    trade_state: "SUCCESS",
    amount: { total: 100 },
  });

  it("matches @noble/ciphers' GCM (ciphertext followed by the 16-byte tag, base64)", () => {
    const ours = encryptResource(plaintext, API_V3_KEY, nonce, aad);
    const enc = new TextEncoder();
    const noble = gcm(
      enc.encode(API_V3_KEY),
      enc.encode(nonce),
      enc.encode(aad),
    ).encrypt(enc.encode(plaintext));
    expect(ours).toBe(Buffer.from(noble).toString("base64"));
  });

  it("decrypts what the docs' node:crypto recipe expects", () => {
    const data = Buffer.from(
      encryptResource(plaintext, API_V3_KEY, nonce, aad),
      "base64",
    );
    const decipher = createDecipheriv(
      "aes-256-gcm",
      Buffer.from(API_V3_KEY),
      Buffer.from(nonce),
    );
    decipher.setAAD(Buffer.from(aad));
    decipher.setAuthTag(data.subarray(-16));
    expect(
      Buffer.concat([
        decipher.update(data.subarray(0, -16)),
        decipher.final(),
      ]).toString(),
    ).toBe(plaintext);
    expect(
      decryptResource(data.toString("base64"), API_V3_KEY, nonce, aad),
    ).toBe(plaintext);
  });

  it("refuses a flipped byte, another nonce, other associated data, another key or a short input", () => {
    const ciphertext = encryptResource(plaintext, API_V3_KEY, nonce, aad);
    const flipped = Buffer.from(ciphertext, "base64");
    flipped[3] = flipped[3]! ^ 1;
    expect(() =>
      decryptResource(flipped.toString("base64"), API_V3_KEY, nonce, aad),
    ).toThrow();
    expect(() =>
      decryptResource(ciphertext, API_V3_KEY, "fdasflkja485", aad),
    ).toThrow();
    expect(() =>
      decryptResource(ciphertext, API_V3_KEY, nonce, "refund"),
    ).toThrow();
    expect(() =>
      decryptResource(
        ciphertext,
        "vutsrqponmlkjihgfedcba9876543210",
        nonce,
        aad,
      ),
    ).toThrow();
    expect(() => decryptResource("AAAA", API_V3_KEY, nonce, aad)).toThrow(
      RangeError,
    );
    expect(() => encryptResource(plaintext, "short", nonce, aad)).toThrow(
      RangeError,
    );
  });
});
