// The embedded ImEngine: one send path for SEND frames and the HTTP API — validate, de-duplicate
// (in flight and stored), group-commit, then fan out RECVs. A message is acknowledged only once
// its batch has committed; its RECVs follow the batch's SENDACKs (FanOutQueue).
import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { ContentType, HeaderFlag, ReasonCode } from "#protocol";
import type { Db } from "../db/createDb";
import { personalChannelKey } from "../domain/messenger/channelKey";
import type {
  ImCommand,
  ImEngine,
  ImHealth,
  ImSendRequest,
  ImSendResult,
  StoredMessageEvent,
} from "../domain/messenger/ImEngine";
import type { Clock } from "../providers/lib/runtime";
import type { MessageToStore, StoredMessage } from "./batchPlan";
import { batchStatements } from "./batchStatements";
import type { ConnectionRegistry } from "./ConnectionRegistry";
import type { Delivery, OutboundMessage } from "./Delivery";
import type { GatewayOptions } from "./gatewayOptions";
import { type BatchTiming, GroupCommitter } from "./GroupCommitter";
import type { ImConnection } from "./ImConnection";
import type { MessageIdGenerator } from "./MessageIdGenerator";
import { persistBatch } from "./persistBatch";
import { OrderedImageChecks, type MediaStore } from "./imageUrlRule";
import { checkSend } from "./sendRules";
import { commandPayload } from "./commandPayload";
import { FanOutQueue } from "./FanOutQueue";
import { InflightSends } from "./InflightSends";
import type { UserDirectory } from "./UserDirectory";

/** Test seams; production passes none. */
export interface GatewayHooks {
  /**
   * Runs after a batch committed and before any sender is told (SENDACK) or any RECV goes out.
   * The crash test kills the process here to prove that a resend after restart is stored once.
   */
  afterCommit?: (stored: readonly StoredMessage[]) => void | Promise<void>;
  /** Hears how each group commit went (the benchmark's diagnostics). */
  onBatch?: (timing: BatchTiming) => void;
}

export interface EngineDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  options: GatewayOptions;
  registry: ConnectionRegistry;
  delivery: Delivery;
  directory: UserDirectory;
  ids: MessageIdGenerator;
  /** Where image messages may link to (#19). */
  media: MediaStore;
  hooks?: GatewayHooks;
}

export class EmbeddedImEngine implements ImEngine {
  readonly #deps: EngineDeps;
  readonly #committer: GroupCommitter<MessageToStore, StoredMessage>;
  readonly #inflight = new InflightSends();
  readonly #fanOut: FanOutQueue;
  readonly #images: OrderedImageChecks;
  readonly #storedListeners = new Set<(event: StoredMessageEvent) => void>();
  #closed = false;

  constructor(deps: EngineDeps) {
    this.#deps = deps;
    this.#images = new OrderedImageChecks(deps.media);
    this.#fanOut = new FanOutQueue((error) => {
      deps.logger.error({ err: error }, "IM fan-out failed");
    });
    const { hooks } = deps;
    const statements = batchStatements(deps.db);
    this.#committer = new GroupCommitter(
      async (items) => {
        const stored = await persistBatch(statements, items);
        await hooks?.afterCommit?.(stored);
        return stored;
      },
      deps.options.maxBatch,
      deps.options.commitLingerMs,
      () => performance.now(),
      hooks?.onBatch,
    );
  }

  /** Batches written so far. */
  get batches(): number {
    return this.#committer.batches;
  }

  send(request: ImSendRequest): Promise<ImSendResult> {
    return this.sendFrom(request, null);
  }

  /** Like {@link send}; `origin` is the sending connection (it gets no RECV copy). */
  async sendFrom(
    request: ImSendRequest,
    origin: ImConnection | null,
  ): Promise<ImSendResult> {
    if (this.#closed)
      return refuse(ReasonCode.SYSTEM_ERROR, "the server is shutting down");
    const checked = checkSend(request, this.#deps.options.maxPayloadBytes);
    if (!checked.ok) return checked;
    const imageCheck = this.#images.check(
      `${request.fromUid}\u0000${request.channelId}`,
      checked.payload.contentType,
      checked.payload.text,
    );
    // NOTE: no await unless an image is checked: other sends keep their turn (issue #9).
    const image = imageCheck === null ? null : await imageCheck;
    if (image !== null) return image;
    const { kind, clientMsgNo } = checked;
    const payload = checked.payload;
    const setting = request.setting ?? 0;
    const timestamp = Math.floor(this.#deps.clock() / 1000);
    const outbound: OutboundMessage = {
      messageId: 0n,
      messageSeq: 0,
      timestamp,
      fromUid: request.fromUid,
      channelId: request.channelId,
      channelType: request.channelType,
      clientMsgNo,
      setting,
      topic: request.topic ?? null,
      expire: request.expire ?? 0,
      redDot: request.redDot ?? true,
      noPersist: request.noPersist === true,
      syncOnce: request.syncOnce === true,
      payload: request.payload,
    };

    if (kind === "data") {
      if (origin !== null && !origin.isSubscribed(request.channelId))
        return refuse(
          ReasonCode.SUBSCRIBER_NOT_EXIST,
          "subscribe to a data channel before sending to it",
        );
      return this.#deliverTransient({ ...outbound, noPersist: true }, origin);
    }
    if ((await this.#deps.directory.userIdOf(request.channelId)) === null)
      return refuse(
        ReasonCode.CHANNEL_NOT_EXIST,
        `no user ${request.channelId}`,
      );
    if (outbound.noPersist) return this.#deliverTransient(outbound, origin);

    return this.#inflight.run(request.fromUid, clientMsgNo, () =>
      this.#store(
        outbound,
        request.clientSeq ?? 0,
        payload.text,
        payload.contentType,
        origin,
      ),
    );
  }

  notify(command: ImCommand): void {
    const payload = commandPayload(command);
    this.#deps.delivery.deliverTo(command.toUid, command.channelId, {
      messageId: this.#deps.ids.next(),
      messageSeq: 0,
      timestamp: Math.floor(this.#deps.clock() / 1000),
      // NOTE: as WuKongIM shows its system account: an empty sender (the one clients trust).
      fromUid: "",
      channelId: command.channelId,
      channelType: command.channelType,
      clientMsgNo: randomUUID().replaceAll("-", ""),
      setting: 0,
      topic: null,
      expire: 0,
      redDot: false,
      noPersist: true,
      syncOnce: false,
      payload,
    });
  }

  /**
   * Hears about every newly stored message after its RECVs went out; returns the unsubscribe.
   * Listeners run synchronously on the send path: they must only enqueue work.
   */
  onStored(listener: (event: StoredMessageEvent) => void): () => void {
    this.#storedListeners.add(listener);
    return () => {
      this.#storedListeners.delete(listener);
    };
  }

  health(): Promise<ImHealth> {
    return Promise.resolve(
      this.#closed
        ? { engine: "embedded", ok: false, detail: "shutting down" }
        : { engine: "embedded", ok: true },
    );
  }

  /** Every stored message is in our tables once acknowledged: nothing to copy. */
  catchUp(): Promise<void> {
    return Promise.resolve();
  }

  onlineOf(userIds: readonly number[]): Promise<ReadonlySet<number>> {
    return Promise.resolve(
      new Set(userIds.filter((id) => this.#deps.registry.isOnline(id))),
    );
  }

  /** Refuses new sends and waits for the batches already submitted. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#committer.drain();
    // NOTE: the last batch's RECVs, before the gateway closes the sockets.
    this.#fanOut.flush();
  }

  #deliverTransient(
    message: OutboundMessage,
    origin: ImConnection | null,
  ): ImSendResult {
    const messageId = this.#deps.ids.next();
    this.#deps.delivery.deliver({ ...message, messageId }, origin);
    return {
      ok: true,
      messageId,
      messageSeq: 0,
      clientMsgNo: message.clientMsgNo,
      timestamp: message.timestamp,
      duplicate: false,
    };
  }

  async #store(
    message: OutboundMessage,
    clientSeq: number,
    text: string,
    contentType: number,
    origin: ImConnection | null,
  ): Promise<ImSendResult> {
    const id = this.#deps.ids.next();
    const stored = await this.#committer.submit({
      id,
      channelKey: personalChannelKey(message.fromUid, message.channelId),
      channelType: message.channelType,
      fromUid: message.fromUid,
      toUid: message.channelId,
      clientMsgNo: message.clientMsgNo,
      clientSeq,
      setting: message.setting,
      header:
        (message.redDot ? HeaderFlag.RED_DOT : 0) |
        (message.syncOnce ? HeaderFlag.SYNC_ONCE : 0),
      contentType,
      expire: message.expire,
      topic: message.topic,
      timestamp: message.timestamp,
      payload: text,
      updatesConversations: contentType !== ContentType.CMD,
    });
    if (!stored.duplicate)
      this.#fanOut.push(() => {
        this.#deliverStored(
          {
            ...message,
            messageId: stored.messageId,
            messageSeq: stored.messageSeq,
          },
          origin,
          contentType,
          text,
        );
      });
    return {
      ok: true,
      messageId: stored.messageId,
      messageSeq: stored.messageSeq,
      clientMsgNo: message.clientMsgNo,
      timestamp: stored.timestamp,
      duplicate: stored.duplicate,
    };
  }

  /** The RECVs of a stored message, then its listeners. */
  #deliverStored(
    message: OutboundMessage,
    origin: ImConnection | null,
    contentType: number,
    text: string,
  ): void {
    try {
      this.#deps.delivery.deliver(message, origin);
    } catch (error) {
      // NOTE: the message is stored; a failed push is caught up by sync, never un-acknowledged.
      this.#deps.logger.error({ err: error }, "IM delivery failed");
    }
    this.#announceStored(message, message.messageSeq, contentType, text);
  }

  #announceStored(
    message: OutboundMessage,
    messageSeq: number,
    contentType: number,
    payloadText: string,
  ): void {
    if (this.#storedListeners.size === 0) return;
    const event: StoredMessageEvent = {
      fromUid: message.fromUid,
      toUid: message.channelId,
      channelType: message.channelType,
      messageSeq,
      contentType,
      payloadText,
      redDot: message.redDot,
      recipientOnline: this.#deps.registry.ofUid(message.channelId).length > 0,
    };
    for (const listener of this.#storedListeners) {
      try {
        listener(event);
      } catch (error) {
        this.#deps.logger.error(
          { err: error },
          "stored-message listener failed",
        );
      }
    }
  }
}

function refuse(reason: ReasonCode, detail: string): ImSendResult {
  return { ok: false, reason, detail };
}
