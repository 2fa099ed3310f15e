// A loopback Web Push service (RFC 8030) standing in for FCM / Mozilla autopush: it hands out
// subscriptions like a browser does (a P-256 key pair from node:crypto ECDH and a random 16-byte auth
// secret), checks every push's VAPID token (RFC 8292: ES256 over the `k` key, aud = this origin,
// exp within 24 h) and DECRYPTS its aes128gcm body (RFC 8291 / RFC 8188) with the subscription's
// private key. Pushes that fail a check are kept apart with the reason and answered 400/401.
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
  type ECDH,
} from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/** One push that passed every check. */
export interface ReceivedPush {
  subscriptionId: string;
  endpoint: string;
  /** The decrypted body parsed as JSON. */
  payload: any;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID public key the token was signed with (`k`). */
  vapidKey: string;
  claims: VapidClaims;
}

export interface RejectedPush {
  subscriptionId: string;
  reason: string;
}

interface Entry {
  id: string;
  ecdh: ECDH;
  auth: Buffer;
  /** Status to answer instead of 201 (e.g. 410 once the browser dropped it). */
  status: number;
}

const MAX_VAPID_LIFETIME_SECONDS = 24 * 60 * 60;

export class FakePushService {
  readonly received: ReceivedPush[] = [];
  readonly rejected: RejectedPush[] = [];
  readonly #entries = new Map<string, Entry>();
  readonly #server: Server;
  #url = "";

  private constructor() {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const { status, text } = this.#handle(req, Buffer.concat(chunks));
        res.writeHead(status, { "content-type": "text/plain" });
        res.end(text);
      });
    });
  }

  static async start(): Promise<FakePushService> {
    const service = new FakePushService();
    const server = service.#server;
    await new Promise<void>((resolve) =>
      server.listen(0, "127.0.0.1", resolve),
    );
    const { port } = server.address() as AddressInfo;
    service.#url = `http://127.0.0.1:${port}`;
    return service;
  }

  /** "http://127.0.0.1:<port>": the origin VAPID tokens must name as `aud`. */
  get url(): string {
    return this.#url;
  }

  /** A new browser subscription (what PushSubscription.toJSON() would give). */
  subscribe(): BrowserSubscription & { id: string } {
    const id = randomUUID();
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.#entries.set(id, { id, ecdh, auth, status: 201 });
    return {
      id,
      endpoint: `${this.url}/push/${id}`,
      keys: {
        p256dh: ecdh.getPublicKey().toString("base64url"),
        auth: auth.toString("base64url"),
      },
    };
  }

  /** From now on, pushes to this subscription get `status` (410: the browser unsubscribed). */
  answer(id: string, status: number): void {
    const entry = this.#entries.get(id);
    if (entry === undefined) throw new Error(`no subscription ${id}`);
    entry.status = status;
  }

  /** Pushes received for one subscription, oldest first. */
  pushesFor(id: string): ReceivedPush[] {
    return this.received.filter((p) => p.subscriptionId === id);
  }

  close(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#server.closeAllConnections();
      this.#server.close((error) => {
        if (error) reject(error);
        else resolve();
      });
    });
  }

  #handle(
    req: IncomingMessage,
    body: Buffer,
  ): { status: number; text: string } {
    const match = /^\/push\/([\w-]+)$/.exec(req.url ?? "");
    const entry = match === null ? undefined : this.#entries.get(match[1]!);
    if (req.method !== "POST" || entry === undefined)
      return { status: 404, text: "no such subscription" };
    const reject = (status: number, reason: string) => {
      this.rejected.push({ subscriptionId: entry.id, reason });
      return { status, text: reason };
    };
    const ttl = Number(req.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0)
      return reject(400, "missing or bad TTL header");
    if (req.headers["content-encoding"] !== "aes128gcm")
      return reject(400, `content-encoding ${req.headers["content-encoding"]}`);
    let vapid: { key: string; claims: VapidClaims };
    try {
      vapid = checkVapid(req.headers.authorization ?? "", this.url);
    } catch (error) {
      return reject(401, `VAPID: ${(error as Error).message}`);
    }
    let plaintext: Buffer;
    try {
      plaintext = decryptAes128gcm(body, entry.ecdh, entry.auth);
    } catch (error) {
      return reject(400, `decryption: ${(error as Error).message}`);
    }
    if (entry.status >= 300) return { status: entry.status, text: "gone" };
    this.received.push({
      subscriptionId: entry.id,
      endpoint: `${this.url}${req.url}`,
      payload: JSON.parse(plaintext.toString("utf8")),
      ttl,
      urgency: headerOf(req, "urgency"),
      topic: headerOf(req, "topic"),
      vapidKey: vapid.key,
      claims: vapid.claims,
    });
    return { status: 201, text: "" };
  }
}

function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === "string" ? value : null;
}

/** RFC 8292 §3: `vapid t=<JWT>, k=<key>`; the JWT is ES256 over the key, for our origin. */
function checkVapid(
  authorization: string,
  origin: string,
): { key: string; claims: VapidClaims } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(
    authorization,
  );
  if (match === null) throw new Error(`bad Authorization "${authorization}"`);
  const [token, key] = [match[1]!, match[2]!];
  const [head, claimsPart, signature] = token.split(".") as [
    string,
    string,
    string,
  ];
  const header = JSON.parse(Buffer.from(head, "base64url").toString("utf8"));
  if (header.alg !== "ES256") throw new Error(`alg ${header.alg}`);
  const point = Buffer.from(key, "base64url");
  if (point.length !== 65 || point[0] !== 4)
    throw new Error("k is not an uncompressed P-256 point");
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const valid = verify(
    "sha256",
    Buffer.from(`${head}.${claimsPart}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!valid) throw new Error("signature does not verify with k");
  const claims = JSON.parse(
    Buffer.from(claimsPart, "base64url").toString("utf8"),
  ) as VapidClaims;
  if (claims.aud !== origin)
    throw new Error(`aud ${claims.aud} is not ${origin}`);
  const now = Math.floor(Date.now() / 1000);
  if (!(claims.exp > now)) throw new Error("token expired");
  if (claims.exp > now + MAX_VAPID_LIFETIME_SECONDS)
    throw new Error("exp more than 24 hours ahead");
  if (!/^(mailto:|https:)/.test(claims.sub))
    throw new Error(`sub ${claims.sub} is not mailto: or https:`);
  return { key, claims };
}

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync("sha256", ikm, salt, info, length));
}

/** RFC 8291 §3.4 + RFC 8188 §2: one aes128gcm record, keyid = the sender's public key. */
function decryptAes128gcm(body: Buffer, ua: ECDH, authSecret: Buffer): Buffer {
  if (body.length < 21 + 65 + 16) throw new Error("body too short");
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  if (idLength !== 65) throw new Error(`keyid length ${idLength}, not 65`);
  const asPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize)
    throw new Error("more than one record (rs smaller than the body)");
  const uaPublic = ua.getPublicKey();
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([
    Buffer.from("WebPush: info\0"),
    uaPublic,
    asPublic,
  ]);
  const ikm = hkdf(authSecret, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2)
    throw new Error("last record lacks the 0x02 padding delimiter");
  return padded.subarray(0, end);
}
