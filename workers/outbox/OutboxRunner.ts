// Runs the pure outbox scheduler: keeps the pending rows in memory, arms its flush timer, encrypts
// and writes each batch of ≤5 SENDs as ONE WebSocket message, and applies SENDACKs and failures
// to the store. Pending messages are re-sent after every reconnect with DUP and their clientMsgNo.
import {
  PROTOCOL_VERSION,
  encodeFrame,
  encodeUtf8,
  type SendackFrame,
} from "#protocol";
import { channelKey } from "../../src/db/channelKey";
import type { JsonObject } from "../../src/db/entities/JsonValue";
import type {
  MessageFailure,
  UploadRefusal,
} from "../../src/db/entities/MessageRecord";
import type { OutboxRecord } from "../../src/db/entities/OutboxRecord";
import type { UploadState } from "../../src/db/entities/UploadRecord";
import {
  applySendAck,
  markFailed,
  type PendingSend,
} from "../store/outgoingRepo";
import { NamedTimers } from "../lib/NamedTimers";
import {
  initialOutboxState,
  outboxTransition,
  type OutboxEffect,
  type OutboxEvent,
  type OutboxState,
  type SendPacket,
} from "./outboxScheduler";
import {
  emitConversationsChanged,
  emitMessagesChanged,
  type UserContext,
} from "../messenger/UserContext";

/** SENDs written so far, for tests and diagnostics. */
export interface OutboxStats {
  batches: number;
  packets: number;
}

/** The send path of one user's messenger. */
export class OutboxRunner {
  readonly #ctx: UserContext;
  readonly #timers = new NamedTimers<"flush">();
  readonly #rows = new Map<string, OutboxRecord>();
  #state: OutboxState = initialOutboxState();
  readonly stats: OutboxStats = { batches: 0, packets: 0 };

  constructor(ctx: UserContext) {
    this.#ctx = ctx;
  }

  get state(): OutboxState {
    return this.#state;
  }

  /** Restores the pending rows of an earlier worker; they may have gone out, so re-sends carry DUP. */
  restore(pending: readonly PendingSend[]): void {
    for (const { outbox, upload } of pending)
      this.add(outbox, upload?.state, true);
  }

  /** A row entered the outbox (a new message, or a retry). */
  add(row: OutboxRecord, upload?: UploadState, sentBefore = false): void {
    this.#rows.set(row.clientMsgNo, row);
    this.#dispatch({
      type: "enqueue",
      clientMsgNo: row.clientMsgNo,
      channelKey: channelKey(row),
      ...(upload === undefined ? {} : { upload }),
      sentBefore,
      now: this.#ctx.now(),
    });
  }

  /** The uploaded URL is in the payload now. */
  updateContent(clientMsgNo: string, content: JsonObject): void {
    const row = this.#rows.get(clientMsgNo);
    if (row !== undefined) this.#rows.set(clientMsgNo, { ...row, content });
  }

  uploadChanged(
    clientMsgNo: string,
    state: UploadState,
    refusal?: UploadRefusal,
  ): void {
    this.#dispatch({
      type: "uploadChanged",
      clientMsgNo,
      state,
      ...(refusal === undefined ? {} : { refusal }),
      now: this.#ctx.now(),
    });
  }

  connected(): void {
    this.#dispatch({ type: "connected", now: this.#ctx.now() });
  }

  disconnected(): void {
    this.#dispatch({ type: "disconnected" });
  }

  sendAck(frame: SendackFrame): void {
    this.#dispatch({
      type: "sendAck",
      clientSeq: frame.clientSeq,
      reasonCode: frame.reasonCode,
      messageId: BigInt.asUintN(64, frame.messageID).toString(),
      messageSeq: frame.messageSeq,
      now: this.#ctx.now(),
    });
  }

  /** Drops messages settled or deleted elsewhere (a sync stored them, a conversation was deleted). */
  remove(clientMsgNos: readonly string[]): void {
    for (const clientMsgNo of clientMsgNos) {
      this.#rows.delete(clientMsgNo);
      this.#dispatch({ type: "remove", clientMsgNo, now: this.#ctx.now() });
    }
  }

  has(clientMsgNo: string): boolean {
    return this.#rows.has(clientMsgNo);
  }

  dispose(): void {
    this.#timers.cancelAll();
  }

  #dispatch(event: OutboxEvent): void {
    const result = outboxTransition(this.#state, event);
    this.#state = result.state;
    for (const effect of result.effects) this.#run(effect);
  }

  #run(effect: OutboxEffect): void {
    switch (effect.type) {
      case "send":
        this.#send(effect.packets);
        return;
      case "acked":
        this.#rows.delete(effect.clientMsgNo);
        void this.#ctx
          .serial(async () => {
            if (this.#ctx.disposed) return;
            const row = await applySendAck(this.#ctx.db, effect);
            if (row === undefined) return;
            emitMessagesChanged(this.#ctx, [row]);
            emitConversationsChanged(this.#ctx, [row]);
          })
          .catch((error: unknown) => {
            this.#ctx.reportError(error);
          });
        return;
      case "failed":
        this.#rows.delete(effect.clientMsgNo);
        this.#fail(effect.clientMsgNo, effect.failure);
        return;
      case "startTimer":
        this.#timers.start("flush", effect.delayMs, () => {
          this.#dispatch({ type: "flushTimer", now: this.#ctx.now() });
        });
        return;
      case "cancelTimer":
        this.#timers.cancel("flush");
        return;
    }
  }

  #fail(clientMsgNo: string, failure: MessageFailure): void {
    void this.#ctx
      .serial(async () => {
        if (this.#ctx.disposed) return;
        const row = await markFailed(this.#ctx.db, { clientMsgNo, failure });
        if (row !== undefined) emitMessagesChanged(this.#ctx, [row]);
      })
      .catch((error: unknown) => {
        this.#ctx.reportError(error);
      });
  }

  /** Encrypts and writes one batch in a single WebSocket message (the SDK's batching, §12). */
  #send(packets: readonly SendPacket[]): void {
    const live = this.#ctx.live();
    if (live === null) return;
    const parts: Uint8Array[] = [];
    for (const packet of packets) {
      const row = this.#rows.get(packet.clientMsgNo);
      if (row === undefined) continue;
      try {
        const frame = live.crypto.sealSend(
          {
            setting: { receipt: row.receipt },
            clientSeq: packet.clientSeq,
            clientMsgNo: row.clientMsgNo,
            channelID: row.channelId,
            channelType: row.channelType,
            expire: 0,
            redDot: row.redDot,
            dup: packet.dup,
          },
          // NOTE: the stored payload JSON as is (§9); a full content decode would only reorder keys.
          encodeUtf8(JSON.stringify(row.content)),
        );
        parts.push(encodeFrame(frame, PROTOCOL_VERSION));
      } catch {
        // NOTE: a payload the codec refuses (over the frame cap) can never be sent.
        this.remove([row.clientMsgNo]);
        this.#fail(row.clientMsgNo, { code: "SEND_REFUSED" });
      }
    }
    if (parts.length === 0) return;
    const total = parts.reduce((n, p) => n + p.length, 0);
    const bytes = new Uint8Array(total);
    let at = 0;
    for (const part of parts) {
      bytes.set(part, at);
      at += part.length;
    }
    this.stats.batches += 1;
    this.stats.packets += parts.length;
    live.send(bytes);
  }
}
