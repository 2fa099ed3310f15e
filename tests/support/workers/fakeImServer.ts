// A FakeTransport whose other end is a scriptable IM server speaking real protocol bytes through
// #protocol: it decodes what the client writes (several frames per WebSocket message are kept
// apart), answers the handshake with a real X25519 exchange, and seals RECVs with the session keys.
import {
  FrameDecoder,
  Op,
  PROTOCOL_VERSION,
  ConnectionCrypto,
  encodeContent,
  encodeFrame,
  encodeUtf8,
  generateKeyPair,
  type ConnectFrame,
  type Frame,
  type FrameOf,
  type MessageContent,
  type RecvFrame,
  type SendFrame,
} from "#protocol";
import type {
  SocketHandlers,
  Transport,
} from "../../../workers/connection/socketTransport";

/** A 16-character alphanumeric salt, as the Go server sends (§8.2). */
const SALT = "AbCdEfGh12345678";

/** One socket as the server sees it. */
export class FakeServerSocket {
  readonly url: string;
  readonly handlers: SocketHandlers;
  /** Every WebSocket message the client wrote, decoded, in order. */
  readonly messages: Frame[][] = [];
  crypto: ConnectionCrypto | null = null;
  connect: ConnectFrame | null = null;
  closedByClient = false;
  closedByServer = false;
  readonly #decoder = new FrameDecoder();
  readonly #server: FakeImServer;

  constructor(server: FakeImServer, url: string, handlers: SocketHandlers) {
    this.#server = server;
    this.url = url;
    this.handlers = handlers;
  }

  get closed(): boolean {
    return this.closedByClient || this.closedByServer;
  }

  /** Every frame received, flattened. */
  get frames(): Frame[] {
    return this.messages.flat();
  }

  framesOf<O extends Frame["op"]>(op: O): FrameOf<O>[] {
    return this.frames.filter((f): f is FrameOf<O> => f.op === op);
  }

  /** The SEND frames received, with their decrypted payload JSON. */
  sends(): { frame: SendFrame; content: Record<string, unknown> }[] {
    return this.framesOf(Op.SEND).map((frame) => ({
      frame,
      content: JSON.parse(
        new TextDecoder().decode(this.crypto!.openSend(frame)),
      ),
    }));
  }

  /** Client → server bytes. */
  receive(bytes: Uint8Array): void {
    if (this.closed) return;
    const frames: Frame[] = [];
    for (const frame of this.#decoder.push(bytes)) {
      frames.push(frame);
      if (frame.op === Op.CONNECT) {
        this.#decoder.setVersion(frame.version);
        frames.push(...this.#decoder.push());
      }
    }
    this.messages.push(frames);
    for (const frame of frames) this.#server.onFrame(this, frame);
  }

  open(): void {
    this.handlers.onOpen();
  }

  /** Server → client: each frame in its own WebSocket message (as the Go server does, §0.4). */
  send(...frames: Frame[]): void {
    for (const frame of frames)
      this.sendBytes(encodeFrame(frame, PROTOCOL_VERSION));
  }

  /** Delivered on a later microtask, like a real network (never inside the client's own call). */
  sendBytes(bytes: Uint8Array): void {
    queueMicrotask(() => {
      if (!this.closed) this.handlers.onMessage(bytes);
    });
  }

  /** Answers CONNECT: reason 1 with a real key exchange, or a refusal. */
  connack(reasonCode = 1): void {
    const server = generateKeyPair();
    if (reasonCode === 1) {
      this.crypto = ConnectionCrypto.fromKeyExchange({
        privateKey: server.privateKey,
        peerPublicKey: this.connect!.clientKey,
        salt: SALT,
      });
    }
    this.send({
      op: Op.CONNACK,
      serverVersion: PROTOCOL_VERSION,
      timeDiff: 0n,
      reasonCode,
      serverKey: server.publicKeyBase64,
      salt: SALT,
      nodeId: 1n,
    });
  }

  sendAck(
    frame: SendFrame,
    ack: { messageId: bigint; messageSeq: number; reasonCode?: number },
  ): void {
    this.send({
      op: Op.SENDACK,
      messageID: ack.messageId,
      clientSeq: frame.clientSeq,
      messageSeq: ack.messageSeq,
      reasonCode: ack.reasonCode ?? 1,
    });
  }

  /** A sealed RECV; `badKey` spoils its msgKey. */
  recv(message: RecvSpec, options: { badKey?: boolean } = {}): RecvFrame {
    const frame = this.crypto!.sealRecv(
      {
        setting: { receipt: message.receipt ?? false },
        fromUID: message.fromUid,
        channelID: message.channelId ?? message.fromUid,
        channelType: message.channelType ?? 1,
        expire: 0,
        clientMsgNo: message.clientMsgNo,
        messageID: message.messageId,
        messageSeq: message.messageSeq,
        timestamp: message.timestamp ?? 1_760_000_000,
        redDot: message.redDot ?? true,
      },
      typeof message.content === "string"
        ? encodeUtf8(message.content)
        : encodeContent(message.content),
    );
    if (options.badKey) frame.msgKey = "0".repeat(32);
    return frame;
  }

  /** Server closes (or the network drops) the socket. */
  close(): void {
    if (this.closed) return;
    this.closedByServer = true;
    queueMicrotask(() => {
      this.handlers.onClose();
    });
  }
}

export interface RecvSpec {
  fromUid: string;
  channelId?: string;
  channelType?: number;
  clientMsgNo: string;
  messageId: bigint;
  messageSeq: number;
  timestamp?: number;
  redDot?: boolean;
  receipt?: boolean;
  /** A content, or raw payload text (to send something that is not JSON). */
  content: MessageContent | string;
}

export interface FakeServerOptions {
  /** Open sockets on the next microtask (default true). */
  autoOpen?: boolean;
  /** Answer CONNECT with CONNACK reason 1 (default true). */
  autoConnack?: boolean;
  /** Answer PING with PONG (default true). */
  autoPong?: boolean;
}

/** The server end of a FakeTransport. */
export class FakeImServer {
  readonly sockets: FakeServerSocket[] = [];
  readonly options: Required<FakeServerOptions>;

  constructor(options: FakeServerOptions = {}) {
    this.options = {
      autoOpen: true,
      autoConnack: true,
      autoPong: true,
      ...options,
    };
  }

  /** The Transport the service under test uses. */
  readonly transport: Transport = (url, handlers) => {
    const socket = new FakeServerSocket(this, url, handlers);
    this.sockets.push(socket);
    if (this.options.autoOpen)
      queueMicrotask(() => {
        if (!socket.closed) socket.open();
      });
    return {
      send: (bytes) => {
        socket.receive(bytes.slice());
      },
      close: () => {
        socket.closedByClient = true;
      },
    };
  };

  /** The newest socket. */
  get last(): FakeServerSocket {
    const socket = this.sockets.at(-1);
    if (socket === undefined) throw new Error("no socket was opened");
    return socket;
  }

  /** Sockets neither side closed. */
  get open(): FakeServerSocket[] {
    return this.sockets.filter((s) => !s.closed);
  }

  onFrame(socket: FakeServerSocket, frame: Frame): void {
    if (frame.op === Op.CONNECT) {
      socket.connect = frame;
      if (this.options.autoConnack) socket.connack(1);
    } else if (frame.op === Op.PING && this.options.autoPong) {
      socket.send({ op: Op.PONG });
    }
  }
}
