// A fresh self-signed certificate (EC P-256 by default, or a given RSA/EC key pair; CN and SAN
// localhost + 127.0.0.1, valid ±1 day) built with a minimal DER writer and node:crypto, so fakes never
// depend on a bundled or expired certificate (TLS servers, WeChat Pay platform certificates).
import {
  X509Certificate,
  generateKeyPairSync,
  randomBytes,
  sign,
} from "node:crypto";
import type { KeyObject } from "node:crypto";

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const tlv = (tag: number, ...content: Buffer[]): Buffer => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
};
const seq = (...c: Buffer[]): Buffer => tlv(0x30, ...c);
/** A non-negative INTEGER in DER's one minimal form: no leading zero byte unless the next byte
 * has its top bit set (X.690 8.3.2; OpenSSL refuses anything else as "illegal padding"). */
export function derUnsignedInteger(bytes: Uint8Array): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start += 1;
  const magnitude = Buffer.from(bytes.subarray(start));
  return tlv(
    0x02,
    magnitude.length === 0 || magnitude[0]! >= 0x80
      ? Buffer.concat([Buffer.from([0]), magnitude])
      : magnitude,
  );
}
const oid = (dotted: string): Buffer => {
  const [a, b, ...rest] = dotted.split(".").map(Number) as [
    number,
    number,
    ...number[],
  ];
  const bytes = [a * 40 + b];
  for (const part of rest) {
    const chunk: number[] = [part & 0x7f];
    for (let v = part >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
};
const utcTime = (date: Date): Buffer =>
  tlv(
    0x17,
    Buffer.from(
      `${date.toISOString().slice(2, 19).replace(/[-T:]/g, "")}Z`,
      "ascii",
    ),
  );
const name = (cn: string): Buffer =>
  seq(tlv(0x31, seq(oid("2.5.4.3"), tlv(0x0c, Buffer.from(cn, "utf8")))));
const extension = (id: string, critical: boolean, value: Buffer): Buffer =>
  seq(
    oid(id),
    ...(critical ? [tlv(0x01, Buffer.from([0xff]))] : []),
    tlv(0x04, value),
  );

export interface SelfSignedCertificate {
  keyPem: string;
  certPem: string;
}

export function selfSignedCertificate(
  options: {
    now?: Date;
    keyPair?: { privateKey: KeyObject; publicKey: KeyObject };
    commonName?: string;
    /** Serial number bytes (big-endian, unsigned); 16 random bytes by default. */
    serial?: Uint8Array;
  } = {},
): SelfSignedCertificate {
  const now = options.now ?? new Date();
  const { privateKey, publicKey } =
    options.keyPair ?? generateKeyPairSync("ec", { namedCurve: "P-256" });
  const signatureAlgorithm =
    privateKey.asymmetricKeyType === "rsa"
      ? seq(oid("1.2.840.113549.1.1.11"), tlv(0x05))
      : seq(oid("1.2.840.10045.4.3.2"));
  const cn = options.commonName ?? "localhost";
  const serial = options.serial ?? randomBytes(16);
  const tbs = seq(
    tlv(0xa0, tlv(0x02, Buffer.from([2]))),
    derUnsignedInteger(serial),
    signatureAlgorithm,
    name(cn),
    seq(
      utcTime(new Date(now.getTime() - 86_400_000)),
      utcTime(new Date(now.getTime() + 86_400_000)),
    ),
    name(cn),
    publicKey.export({ type: "spki", format: "der" }),
    tlv(
      0xa3,
      seq(
        extension("2.5.29.19", true, seq(tlv(0x01, Buffer.from([0xff])))),
        extension(
          "2.5.29.17",
          false,
          seq(
            tlv(0x82, Buffer.from("localhost", "ascii")),
            tlv(0x87, Buffer.from([127, 0, 0, 1])),
          ),
        ),
      ),
    ),
  );
  const signature = sign("sha256", tbs, privateKey);
  const der = seq(
    tbs,
    signatureAlgorithm,
    tlv(0x03, Buffer.from([0]), signature),
  );
  const body = der.toString("base64").replace(/(.{64})/g, "$1\n");
  const certPem = `-----BEGIN CERTIFICATE-----\n${body}${body.endsWith("\n") ? "" : "\n"}-----END CERTIFICATE-----\n`;
  new X509Certificate(certPem);
  return {
    keyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    certPem,
  };
}
