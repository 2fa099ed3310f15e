// A WuKongIM client for gateway tests built on #protocol over a real `ws` socket: CONNECT with a
// fresh X25519 key, SEND with real encryption and msgKey, RECV verification, and raw bytes for
// malformed input. It insists on one frame per server WebSocket message (§0.4).
import WebSocket from "ws";
import {
  type ConnackFrame,
  type Frame,
  type FrameOf,
  Op,
  type RecvFrame,
  ConnectionCrypto,
  decodeFrame,
  encodeFrame,
  encodeUtf8,
  decodeUtf8,
  generateKeyPair,
  type KeyPair,
  type MessageSetting,
} from "#protocol";
import { nodeCryptoBackend } from "../../protocol/nodeCryptoBackend";

export interface ConnectOptions {
  uid: string;
  token: string;
  version?: number;
  deviceFlag?: number;
  deviceID?: string;
  /** Override the CONNECT clientKey (default: a fresh key pair's). */
  clientKey?: string;
}

export interface SendOptions {
  channelId: string;
  channelType?: number;
  clientMsgNo?: string;
  clientSeq?: number;
  redDot?: boolean;
  noPersist?: boolean;
  setting?: MessageSetting;
  topic?: string;
}

export interface Closed {
  code: number;
  reason: string;
}

export function randomClientMsgNo(): string {
  return `${crypto.randomUUID().replaceAll("-", "")}3`;
}

export class ImTestClient {
  readonly ws: WebSocket;
  readonly version: number;
  readonly keyPair: KeyPair;
  readonly closed: Promise<Closed>;
  /** Frames received and not yet taken by a wait. */
  readonly inbox: Frame[] = [];
  /** Server messages that were not exactly one frame. */
  readonly violations: string[] = [];
  /** WebSocket messages received. */
  messages = 0;
  crypto: ConnectionCrypto | null = null;
  connack: ConnackFrame | null = null;
  #clientSeq = 0;
  #waiters: (() => void)[] = [];
  #isClosed = false;

  private constructor(ws: WebSocket, version: number) {
    this.ws = ws;
    this.version = version;
    this.keyPair = generateKeyPair(nodeCryptoBackend);
    this.closed = new Promise((resolve) => {
      ws.on("close", (code, reason) => {
        this.#isClosed = true;
        resolve({ code, reason: reason.toString() });
        this.#wake();
      });
    });
    ws.on("message", (data: Buffer) => {
      this.messages += 1;
      const bytes = new Uint8Array(data);
      try {
        this.inbox.push(decodeFrame(bytes, version));
      } catch (error) {
        this.violations.push(String(error));
      }
      this.#wake();
    });
    ws.on("error", () => undefined);
  }

  /** Opens a socket to `url` (ws://…/im) without sending anything; rejects if the upgrade fails. */
  static async open(
    url: string,
    version = 4,
    headers: Record<string, string> = {},
  ): Promise<ImTestClient> {
    const ws = new WebSocket(url, { headers });
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => {
        resolve();
      });
      ws.once("error", reject);
    });
    return new ImTestClient(ws, version);
  }

  /** Opens, sends CONNECT and waits for CONNACK (whatever its reason). */
  static async connect(
    url: string,
    options: ConnectOptions,
  ): Promise<ImTestClient> {
    const client = await ImTestClient.open(url, options.version ?? 4);
    await client.handshake(options);
    return client;
  }

  get isClosed(): boolean {
    return this.#isClosed;
  }

  connectFrame(options: ConnectOptions): FrameOf<typeof Op.CONNECT> {
    return {
      op: Op.CONNECT,
      version: options.version ?? this.version,
      deviceFlag: options.deviceFlag ?? 1,
      deviceID:
        options.deviceID ?? `${crypto.randomUUID().replaceAll("-", "")}W`,
      uid: options.uid,
      token: options.token,
      clientTimestamp: BigInt(Date.now()),
      clientKey: options.clientKey ?? this.keyPair.publicKeyBase64,
    };
  }

  /** CONNECT → CONNACK; on success derives the session keys. */
  async handshake(options: ConnectOptions): Promise<ConnackFrame> {
    this.sendFrame(this.connectFrame(options));
    const connack = await this.next(Op.CONNACK);
    this.acceptConnack(connack);
    return connack;
  }

  acceptConnack(connack: ConnackFrame): void {
    this.connack = connack;
    if (connack.reasonCode === 1)
      this.crypto = ConnectionCrypto.fromKeyExchange(
        {
          privateKey: this.keyPair.privateKey,
          peerPublicKey: connack.serverKey,
          salt: connack.salt,
        },
        nodeCryptoBackend,
      );
  }

  sendFrame(frame: Frame): void {
    this.ws.send(encodeFrame(frame, this.version));
  }

  sendBytes(bytes: Uint8Array): void {
    this.ws.send(bytes);
  }

  /** A SEND of `content` (JSON) sealed with this session's keys (not sent). */
  sealSend(content: unknown, options: SendOptions): FrameOf<typeof Op.SEND> {
    if (this.crypto === null) throw new Error("not connected");
    this.#clientSeq = options.clientSeq ?? this.#clientSeq + 1;
    return this.crypto.sealSend(
      {
        setting: options.setting ?? {},
        clientSeq: this.#clientSeq,
        clientMsgNo: options.clientMsgNo ?? randomClientMsgNo(),
        channelID: options.channelId,
        channelType: options.channelType ?? 1,
        redDot: options.redDot ?? true,
        noPersist: options.noPersist === true,
        ...(options.topic === undefined ? {} : { topic: options.topic }),
      },
      encodeUtf8(JSON.stringify(content)),
    );
  }

  /** Sends `content` and returns the SEND as sent. */
  send(content: unknown, options: SendOptions): FrameOf<typeof Op.SEND> {
    const frame = this.sealSend(content, options);
    this.sendFrame(frame);
    return frame;
  }

  /** Sends and waits for the SENDACK of that clientSeq. */
  async sendAndAck(
    content: unknown,
    options: SendOptions,
  ): Promise<FrameOf<typeof Op.SENDACK>> {
    const frame = this.send(content, options);
    return this.next(Op.SENDACK, (f) => f.clientSeq === frame.clientSeq);
  }

  /** Verifies a RECV's msgKey with this session's keys and returns its payload JSON. */
  openRecv(recv: RecvFrame): unknown {
    if (this.crypto === null) throw new Error("not connected");
    return JSON.parse(decodeUtf8(this.crypto.openRecv(recv)));
  }

  recvack(recv: RecvFrame): void {
    this.sendFrame({
      op: Op.RECVACK,
      messageID: recv.messageID,
      messageSeq: recv.messageSeq,
      redDot: recv.redDot === true,
    });
  }

  /** Waits for the next frame of type `op` (matching `where`), removing it from the inbox. */
  async next<O extends Op>(
    op: O,
    where: (frame: FrameOf<O>) => boolean = () => true,
    timeoutMs = 5_000,
  ): Promise<FrameOf<O>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = this.inbox.findIndex(
        (f) => f.op === op && where(f as FrameOf<O>),
      );
      if (i >= 0) return this.inbox.splice(i, 1)[0] as FrameOf<O>;
      if (this.#isClosed) throw new Error(`closed while waiting for op ${op}`);
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no frame of op ${op} within ${timeoutMs} ms (inbox: ${this.inbox.map((f) => f.op).join(",")})`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Resolves true when nothing of `op` arrives within `ms`. */
  async nothing(op: Op, ms = 300): Promise<boolean> {
    try {
      await this.next(op, () => true, ms);
      return false;
    } catch {
      return true;
    }
  }

  close(): Promise<Closed> {
    if (!this.#isClosed) this.ws.close();
    return this.closed;
  }

  /** Drops the TCP connection without a close handshake. */
  kill(): void {
    this.ws.terminate();
  }

  #wake(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }
}
