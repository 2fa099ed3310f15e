// TC3-HMAC-SHA256 against Tencent Cloud's published worked example ("Signature v3", API 3.0 docs:
// CVM DescribeInstances, ap-guangzhou, X-TC-Timestamp 1551113065), reproduced byte for byte.
import { describe, expect, it } from "vitest";
import {
  sha256Hex,
  signTc3,
  tc3Date,
} from "../../../../server/providers/sms/tc3Signer";

const DOC = {
  secretId: "AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE",
  secretKey: "Gu5t9xGARNpq86cd98joQYCN3EXAMPLE",
  payload:
    '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
  timestamp: 1551113065,
  hashedPayload:
    "35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064",
  canonicalRequest:
    "POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:cvm.tencentcloudapi.com\n\n" +
    "content-type;host\n35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064",
  hashedCanonicalRequest:
    "5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031",
  signature: "72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168",
};

function signDocExample() {
  return signTc3({
    secretId: DOC.secretId,
    secretKey: DOC.secretKey,
    service: "cvm",
    method: "POST",
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      Host: "cvm.tencentcloudapi.com",
    },
    payload: DOC.payload,
    timestamp: DOC.timestamp,
  });
}

describe("signTc3 (Tencent's published example)", () => {
  it("hashes the payload as the document does", () => {
    expect(sha256Hex(DOC.payload)).toBe(DOC.hashedPayload);
  });

  it("builds the canonical request of step 1", () => {
    expect(signDocExample().canonicalRequest).toBe(DOC.canonicalRequest);
  });

  it("builds the string to sign of step 2 with the UTC date, not the UTC+8 one", () => {
    const signed = signDocExample();
    expect(tc3Date(DOC.timestamp)).toBe("2019-02-25");
    expect(signed.credentialScope).toBe("2019-02-25/cvm/tc3_request");
    expect(signed.stringToSign).toBe(
      `TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n${DOC.hashedCanonicalRequest}`,
    );
  });

  it("reproduces the published signature and Authorization header exactly", () => {
    const signed = signDocExample();
    expect(signed.signature).toBe(DOC.signature);
    expect(signed.authorization).toBe(
      "TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, " +
        `SignedHeaders=content-type;host, Signature=${DOC.signature}`,
    );
  });

  it("changes the signature when any signed input changes", () => {
    const base = signDocExample().signature;
    const vary = (patch: Partial<Parameters<typeof signTc3>[0]>) =>
      signTc3({
        secretId: DOC.secretId,
        secretKey: DOC.secretKey,
        service: "cvm",
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          host: "cvm.tencentcloudapi.com",
        },
        payload: DOC.payload,
        timestamp: DOC.timestamp,
        ...patch,
      }).signature;
    expect(vary({})).toBe(base);
    expect(vary({ payload: `${DOC.payload} ` })).not.toBe(base);
    expect(vary({ timestamp: DOC.timestamp + 1 })).not.toBe(base);
    expect(vary({ secretKey: "x" })).not.toBe(base);
    expect(vary({ service: "sms" })).not.toBe(base);
  });

  it("sorts extra signed headers and lower-cases their values", () => {
    const signed = signTc3({
      secretId: "id",
      secretKey: "key",
      service: "sms",
      method: "POST",
      headers: {
        "X-TC-Action": "SendSms",
        Host: "sms.tencentcloudapi.com",
        "Content-Type": "application/json; charset=utf-8",
      },
      payload: "{}",
      timestamp: 1551113065,
    });
    expect(signed.signedHeaders).toBe("content-type;host;x-tc-action");
    expect(signed.canonicalRequest).toContain("\nx-tc-action:sendsms\n");
  });

  it("refuses to sign without content-type and host", () => {
    expect(() =>
      signTc3({
        secretId: "id",
        secretKey: "k",
        service: "sms",
        method: "POST",
        headers: { host: "h" },
        payload: "",
        timestamp: 1,
      }),
    ).toThrow(TypeError);
  });
});
