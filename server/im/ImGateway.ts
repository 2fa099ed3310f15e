// The IM gateway's connection handling (§5, §12, §16): bytes in → frames → CONNECT (token check,
// key exchange, CONNACK, master-device and per-account kicks), SEND (rate limits per connection and
// per account, msgKey, decrypt, engine), RECVACK, PING, SUB (refused); deadlines and RECV re-sends
// in one sweeper; revoked sessions disconnected; per-IP handshake cap.
import type { Logger } from "pino";
import type { RawData, WebSocket } from "ws";
import {
  type ConnectFrame,
  type ProtocolVersion,
  type CryptoBackend,
  type Frame,
  OP_NAMES,
  Op,
  ProtocolError,
  ReasonCode,
  type SendFrame,
  type SubFrame,
  settingByte,
} from "#protocol";
import type { AccountEvents } from "../domain/auth/accountEvents";
import type {
  ImAuthenticator,
  ImIdentity,
} from "../domain/auth/imAuthenticator";
import type { TimeSlicer } from "../lib/TimeSlicer";
import type { Clock } from "../providers/lib/runtime";
import type { ConnectionRegistry } from "./ConnectionRegistry";
import type { EmbeddedImEngine } from "./EmbeddedImEngine";
import { frameAction } from "./frameRouting";
import { GatewayCloseCode } from "./gatewayCloseCodes";
import type { GatewayOptions } from "./gatewayOptions";
import { buildConnack, negotiateVersion, serverKeysFor } from "./handshake";
import { ImConnection } from "./ImConnection";
import type { PresenceRecorder } from "./PresenceRecorder";
import { SendBudgets } from "./SendRateLimiter";
import type { UserDirectory } from "./UserDirectory";

export interface GatewayDeps {
  options: GatewayOptions;
  logger: Logger;
  /** Wall clock (CONNACK timeDiff, last-offline times). */
  clock: Clock;
  /** Monotonic ms for deadlines and rate limits. */
  now: () => number;
  backend: CryptoBackend;
  verifyImToken: ImAuthenticator;
  accountEvents: AccountEvents;
  engine: EmbeddedImEngine;
  registry: ConnectionRegistry;
  directory: UserDirectory;
  presence: PresenceRecorder;
  /** Handshake work in a burst, a slice per turn (shared with the upgrades). */
  slicer: TimeSlicer;
}

/** Sessions revoked this recently are refused even if their CONNECT check raced the revocation. */
const REVOKED_MEMORY_MS = 60_000;

export class ImGateway {
  readonly #deps: GatewayDeps;
  readonly #sweeper: NodeJS.Timeout;
  readonly #unsubscribe: (() => void)[];
  readonly #recentlyRevoked = new Map<string, number>();
  /** SEND budgets per account (uid), shared by all its connections (#19). */
  readonly #accountBudgets: SendBudgets;
  #closing = false;

  constructor(deps: GatewayDeps) {
    this.#deps = deps;
    this.#accountBudgets = new SendBudgets(
      deps.options.accountSendRatePerSecond,
      deps.options.accountSendBurst,
    );
    this.#sweeper = setInterval(() => {
      this.#sweep();
    }, deps.options.sweepIntervalMs);
    this.#sweeper.unref();
    this.#unsubscribe = [
      deps.accountEvents.on(
        "sessionRevoked",
        ({ userId, sessionIds, reason }) => {
          this.#revokeSessions(userId, sessionIds, reason);
        },
      ),
      deps.accountEvents.on("userBanned", ({ userId }) => {
        for (const conn of deps.registry.ofUserId(userId))
          this.#disconnect(conn, ReasonCode.BAN, "account banned");
      }),
    ];
  }

  /**
   * Whether a WebSocket upgrade from client IP `ip` may go ahead: false while that IP already has
   * maxHandshakesPerIp sockets that have not completed CONNECT (#19). Authenticated sockets do
   * not count, so many users behind one NAT are limited only in how many log in at the same time.
   */
  admits(ip: string): boolean {
    return (
      this.#deps.registry.handshakesFrom(ip) <
      this.#deps.options.maxHandshakesPerIp
    );
  }

  /** Takes over an upgraded WebSocket from client IP `ip` (admitted by {@link admits}). */
  attach(socket: WebSocket, ip: string): void {
    if (this.#closing) {
      socket.close(GatewayCloseCode.GOING_AWAY, "shutting down");
      return;
    }
    const conn = new ImConnection(
      socket,
      ip,
      this.#deps.options,
      this.#deps.now(),
    );
    this.#deps.registry.add(conn);
    socket.on("message", (data, isBinary) => {
      this.#onMessage(conn, data, isBinary);
    });
    socket.on("close", () => {
      this.#onClosed(conn);
    });
    socket.on("error", (error) => {
      this.#deps.logger.debug({ err: error }, "IM socket error");
    });
  }

  /**
   * Stops reading, lets submitted sends commit and get their SENDACKs, then closes every socket
   * ("going away") and records who went offline.
   */
  async close(): Promise<void> {
    if (this.#closing) return;
    this.#closing = true;
    clearInterval(this.#sweeper);
    for (const off of this.#unsubscribe) off();
    await this.#deps.engine.close();
    const closed: Promise<void>[] = [];
    const open = [...this.#deps.registry.all];
    for (const conn of open) {
      closed.push(
        new Promise((resolve) => {
          if (conn.socket.readyState === 3) resolve();
          else
            conn.socket.once("close", () => {
              resolve();
            });
        }),
      );
      this.#drop(conn, GatewayCloseCode.GOING_AWAY, "server shutting down");
    }
    const grace = setTimeout(() => {
      // NOTE: clients that do not answer the close frame are cut off.
      for (const conn of open) conn.socket.terminate();
    }, 1_000);
    await Promise.all(closed);
    clearTimeout(grace);
    await this.#deps.presence.flush();
  }

  #onMessage(conn: ImConnection, data: RawData, isBinary: boolean): void {
    if (conn.phase === "closed" || this.#closing) return;
    conn.lastSeenAt = this.#deps.now();
    if (!isBinary) {
      this.#drop(conn, GatewayCloseCode.PROTOCOL_ERROR, "text message");
      return;
    }
    let frames: Frame[];
    try {
      frames = conn.decoder.push(asBytes(data));
    } catch (error) {
      this.#dropForDecodeError(conn, error);
      return;
    }
    this.#handleFrames(conn, frames);
  }

  /** Runs the frames; a bug in a handler drops this connection, never the process. */
  #handleFrames(conn: ImConnection, frames: readonly Frame[]): void {
    try {
      this.#dispatch(conn, frames);
    } catch (error) {
      this.#internalError(conn, error);
    }
  }

  #internalError(conn: ImConnection, error: unknown): void {
    this.#deps.logger.error({ err: error }, "IM connection failed");
    this.#drop(conn, 1011, "internal error");
  }

  #dispatch(conn: ImConnection, frames: readonly Frame[]): void {
    for (const frame of frames) {
      if (conn.phase === "closed") return;
      const action = frameAction(conn.phase, frame.op);
      if (action === "connect" && frame.op === Op.CONNECT) {
        conn.phase = "authenticating";
        this.#connect(conn, frame).catch((error: unknown) => {
          this.#internalError(conn, error);
        });
      } else if (action === "send" && frame.op === Op.SEND) {
        this.#send(conn, frame).catch((error: unknown) => {
          this.#internalError(conn, error);
        });
      } else if (action === "recvack" && frame.op === Op.RECVACK) {
        if (conn.hasPending) conn.pending.ack(frame.messageID);
      } else if (action === "ping") {
        conn.sendFrame({ op: Op.PONG });
      } else if (action === "sub" && frame.op === Op.SUB) {
        this.#sub(conn, frame);
      } else if (action === "clientDisconnect") {
        this.#drop(conn, 1000, "client disconnected");
      } else if (action === "protocolError") {
        this.#drop(
          conn,
          GatewayCloseCode.PROTOCOL_ERROR,
          `unexpected ${OP_NAMES[frame.op]}`,
        );
      }
    }
  }

  async #connect(conn: ImConnection, frame: ConnectFrame): Promise<void> {
    const { options, directory } = this.#deps;
    const version = negotiateVersion(frame.version);
    if (version === null) {
      this.#drop(
        conn,
        GatewayCloseCode.UNSUPPORTED_VERSION,
        `protocol version ${frame.version}`,
      );
      return;
    }
    // NOTE: int64 arithmetic as in Go: an absurd clientTimestamp wraps instead of failing to encode.
    const timeDiff = BigInt.asIntN(
      64,
      BigInt(this.#deps.clock()) - frame.clientTimestamp,
    );
    const refuse = (reasonCode: ReasonCode, code: number, why: string) => {
      conn.sendFrame(
        buildConnack({
          clientVersion: frame.version,
          reasonCode,
          timeDiff,
          serverKey: "",
          salt: "",
          nodeId: options.nodeId,
        }),
        version,
      );
      this.#drop(conn, code, why);
    };
    if (frame.clientKey === "") {
      refuse(
        ReasonCode.CLIENT_KEY_IS_EMPTY,
        GatewayCloseCode.AUTH_FAILED,
        "empty client key",
      );
      return;
    }
    const who = await this.#deps.verifyImToken(frame.uid, frame.token);
    if (!stillAuthenticating(conn)) return;
    if (who === null) {
      const banned = frame.uid !== "" && (await directory.isBanned(frame.uid));
      if (!stillAuthenticating(conn)) return;
      refuse(
        banned ? ReasonCode.BAN : ReasonCode.AUTH_FAIL,
        GatewayCloseCode.AUTH_FAILED,
        banned ? "account banned" : "authentication failed",
      );
      return;
    }
    if (this.#recentlyRevoked.has(who.sessionId)) {
      refuse(
        ReasonCode.AUTH_FAIL,
        GatewayCloseCode.AUTH_FAILED,
        "session revoked",
      );
      return;
    }
    // NOTE: the key exchange and CONNACK take their turn: a batched session lookup answers
    // hundreds of CONNECTs at once in a reconnect storm (#20).
    this.#deps.slicer.submit(() => {
      if (!stillAuthenticating(conn)) return;
      try {
        this.#open(conn, frame, who, version, timeDiff, refuse);
      } catch (error) {
        this.#internalError(conn, error);
      }
    });
  }

  /** The key exchange, then CONNACK and the kicks it causes; then the frames that waited. */
  #open(
    conn: ImConnection,
    frame: ConnectFrame,
    who: ImIdentity,
    version: ProtocolVersion,
    timeDiff: bigint,
    refuse: (reasonCode: ReasonCode, code: number, why: string) => void,
  ): void {
    const { options, registry, directory } = this.#deps;
    const keys = serverKeysFor(frame.clientKey, this.#deps.backend);
    if (keys === null) {
      refuse(
        ReasonCode.CLIENT_KEY_IS_EMPTY,
        GatewayCloseCode.AUTH_FAILED,
        "unusable client key",
      );
      return;
    }
    conn.decoder.setVersion(version);
    conn.open(
      {
        uid: frame.uid,
        userId: who.userId,
        sessionId: who.sessionId,
        sessionExpiresAt: who.expiresAt,
        deviceFlag: frame.deviceFlag,
        deviceID: frame.deviceID,
        version,
        crypto: keys.crypto,
      },
      this.#deps.now(),
    );
    directory.remember(frame.uid, who.userId);
    // NOTE: at the account cap the OLDEST connection goes, not the new one. The product keeps one
    // socket per browser (SharedWorker), so a 9th socket is almost always a device the user just
    // picked up while an old one is stale (asleep behind a NAT that dropped it, alive to us until
    // the idle timeout): refusing the newest would lock the user out of the device in their hand.
    // The kicked one gets DISCONNECT 12, after which the SDK does not reconnect (§5.8), so two
    // devices cannot kick each other back and forth; an attacker still holds at most the cap.
    const kicks = registry.addOpen(
      conn,
      options.deviceLevel,
      options.maxConnectionsPerAccount,
    );
    conn.sendFrame(
      buildConnack({
        clientVersion: frame.version,
        reasonCode: ReasonCode.SUCCESS,
        timeDiff,
        serverKey: keys.serverKey,
        salt: keys.salt,
        nodeId: options.nodeId,
      }),
    );
    for (const { conn: old, reason } of kicks) {
      old.sendFrame({
        op: Op.DISCONNECT,
        reasonCode: ReasonCode.CONNECT_KICK,
        reason,
      });
      this.#drop(old, GatewayCloseCode.KICKED, reason);
    }
    let held: Frame[];
    try {
      held = conn.decoder.push();
    } catch (error) {
      this.#dropForDecodeError(conn, error);
      return;
    }
    this.#handleFrames(conn, held);
  }

  async #send(conn: ImConnection, frame: SendFrame): Promise<void> {
    const who = conn.who;
    const ack = (reasonCode: number, messageID = 0n, messageSeq = 0) => {
      conn.sendFrame({
        op: Op.SENDACK,
        messageID,
        clientSeq: frame.clientSeq,
        messageSeq,
        reasonCode,
        redDot: frame.redDot === true,
        noPersist: frame.noPersist === true,
        syncOnce: frame.syncOnce === true,
      });
    };
    const now = this.#deps.now();
    if (!conn.allowSend(now) || !this.#accountBudgets.take(who.uid, now)) {
      ack(ReasonCode.RATE_LIMIT);
      return;
    }
    let payload: Uint8Array;
    try {
      payload = who.crypto.openSend(frame);
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      ack(
        error.code === "BAD_MSG_KEY"
          ? ReasonCode.MSG_KEY_ERROR
          : ReasonCode.PAYLOAD_DECODE_ERROR,
      );
      return;
    }
    try {
      const result = await this.#deps.engine.sendFrom(
        {
          fromUid: who.uid,
          channelId: frame.channelID,
          channelType: frame.channelType,
          payload,
          clientMsgNo: frame.clientMsgNo,
          clientSeq: frame.clientSeq,
          setting: settingByte(frame.setting, frame.topic !== undefined),
          ...(frame.topic === undefined ? {} : { topic: frame.topic }),
          expire: frame.expire ?? 0,
          redDot: frame.redDot === true,
          noPersist: frame.noPersist === true,
          syncOnce: frame.syncOnce === true,
        },
        conn,
      );
      if (result.ok)
        ack(ReasonCode.SUCCESS, result.messageId, result.messageSeq);
      else ack(result.reason);
    } catch (error) {
      this.#deps.logger.error({ err: error }, "IM send failed");
      ack(ReasonCode.SYSTEM_ERROR);
    }
  }

  /**
   * Every SUB is refused (23 notSupportChannelType): data channels (type 7), the only kind SUB
   * serves, were an open pub/sub keyed by name alone, and no feature uses them (#19).
   */
  #sub(conn: ImConnection, frame: SubFrame): void {
    conn.sendFrame({
      op: Op.SUBACK,
      subNo: frame.subNo,
      channelID: frame.channelID,
      channelType: frame.channelType,
      action: frame.action,
      reasonCode: ReasonCode.NOT_SUPPORT_CHANNEL_TYPE,
    });
  }

  #revokeSessions(
    userId: number,
    sessionIds: readonly string[],
    reason: string,
  ): void {
    const at = this.#deps.now();
    for (const id of sessionIds) this.#recentlyRevoked.set(id, at);
    for (const conn of this.#deps.registry.ofUserId(userId)) {
      if (sessionIds.includes(conn.who.sessionId))
        this.#disconnect(
          conn,
          reason === "banned" ? ReasonCode.BAN : ReasonCode.AUTH_FAIL,
          `session revoked: ${reason}`,
        );
    }
  }

  /** DISCONNECT (§5.8: the SDK stops reconnecting) and close. */
  #disconnect(
    conn: ImConnection,
    reasonCode: ReasonCode,
    reason: string,
  ): void {
    conn.sendFrame({ op: Op.DISCONNECT, reasonCode, reason });
    this.#drop(conn, GatewayCloseCode.SESSION_REVOKED, reason);
  }

  #dropForDecodeError(conn: ImConnection, error: unknown): void {
    if (!(error instanceof ProtocolError)) {
      this.#deps.logger.error({ err: error }, "IM decoder failed");
      this.#drop(conn, 1011, "internal error");
      return;
    }
    this.#deps.logger.debug({ code: error.code }, "IM protocol error");
    this.#drop(
      conn,
      error.code === "TOO_LARGE"
        ? GatewayCloseCode.FRAME_TOO_LARGE
        : GatewayCloseCode.PROTOCOL_ERROR,
      error.code,
    );
  }

  #drop(conn: ImConnection, code: number, reason: string): void {
    conn.close(code, reason);
    this.#onClosed(conn);
  }

  #onClosed(conn: ImConnection): void {
    conn.phase = "closed";
    const wasLast = this.#deps.registry.remove(conn);
    if (wasLast && conn.identity !== null)
      this.#deps.presence.wentOffline(conn.identity.userId, this.#deps.clock());
  }

  #sweep(): void {
    const { options, registry } = this.#deps;
    const now = this.#deps.now();
    const wallNow = this.#deps.clock();
    for (const conn of registry.all) {
      if (conn.phase === "open") {
        if (wallNow >= conn.who.sessionExpiresAt)
          this.#disconnect(conn, ReasonCode.AUTH_FAIL, "session ended");
        else if (now - conn.lastSeenAt >= options.idleTimeoutMs)
          this.#drop(conn, GatewayCloseCode.IDLE_TIMEOUT, "idle");
        else if (conn.hasPending)
          for (const bytes of conn.pending.takeDue(now)) conn.sendBytes(bytes);
      } else if (
        now - conn.openedAt >=
        (conn.phase === "authenticating"
          ? options.connectTimeoutMs * AUTH_WAIT_FACTOR
          : options.connectTimeoutMs)
      ) {
        this.#drop(
          conn,
          GatewayCloseCode.HANDSHAKE_TIMEOUT,
          conn.phase === "authenticating"
            ? "CONNECT not checked in time"
            : "no CONNECT in time",
        );
      }
    }
    for (const [id, at] of this.#recentlyRevoked)
      if (now - at > REVOKED_MEMORY_MS) this.#recentlyRevoked.delete(id);
    this.#accountBudgets.prune(now);
    void this.#deps.presence.flush();
  }
}

/** False once the connection was closed while its CONNECT was being checked (timeout, shutdown). */
/**
 * A socket whose CONNECT arrived waits for OUR check of it (the session lookup): it gets this many
 * connect timeouts, not one. In a reconnect storm the checks queue up on the database; dropping
 * them at 5 s threw away finished work and sent every client round again (#20: 2,000 clients, most
 * never back within a minute).
 */
const AUTH_WAIT_FACTOR = 6;

function stillAuthenticating(conn: ImConnection): boolean {
  return conn.phase === "authenticating";
}

/** ws hands binary messages over as a Buffer (nodebuffer), or chunks / ArrayBuffer by setting. */
function asBytes(data: RawData): Uint8Array {
  if (Array.isArray(data)) return Buffer.concat(data);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return data;
}
