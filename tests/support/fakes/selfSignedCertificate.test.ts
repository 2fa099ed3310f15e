// The fakes' certificate writer: every serial number, including those whose random bytes start
// with a zero byte or a byte ≥ 0x80, gives a certificate OpenSSL parses.
import { X509Certificate, generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  derUnsignedInteger,
  selfSignedCertificate,
} from "./selfSignedCertificate";

const hex = (b: Buffer): string => b.toString("hex");

describe("derUnsignedInteger", () => {
  it("writes each integer in its one minimal form", () => {
    expect(hex(derUnsignedInteger(Buffer.from([0x00, 0x12, 0x34])))).toBe(
      "02021234",
    );
    expect(hex(derUnsignedInteger(Buffer.from([0x00, 0x00, 0x80])))).toBe(
      "02020080",
    );
    expect(hex(derUnsignedInteger(Buffer.from([0x80, 0x01])))).toBe(
      "0203008001",
    );
    expect(hex(derUnsignedInteger(Buffer.from([0x7f])))).toBe("02017f");
    expect(hex(derUnsignedInteger(Buffer.from([0x00, 0x00])))).toBe("020100");
  });
});

describe("selfSignedCertificate", () => {
  const keyPair = generateKeyPairSync("ec", { namedCurve: "P-256" });

  it.each([
    ["a leading zero byte", "00123456789abcdef0123456789abcde"],
    ["a leading byte with its top bit set", "f0123456789abcdef0123456789abcde"],
    ["a plain leading byte", "40123456789abcdef0123456789abcde"],
  ])("parses with a serial of %s", (_, serial) => {
    const { certPem } = selfSignedCertificate({
      keyPair,
      serial: Buffer.from(serial, "hex"),
    });
    const cert = new X509Certificate(certPem);
    expect(cert.serialNumber.toLowerCase()).toBe(
      serial.replace(/^(00)+/, "").toLowerCase(),
    );
    expect(cert.subject).toBe("CN=localhost");
    expect(cert.checkHost("localhost")).toBe("localhost");
    expect(cert.checkIP("127.0.0.1")).toBe("127.0.0.1");
    expect(cert.verify(keyPair.publicKey)).toBe(true);
  });
});
