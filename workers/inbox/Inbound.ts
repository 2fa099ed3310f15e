// The receive path: RECV msgKey verified (failures dropped and counted, never acknowledged),
// payload decrypted and announced to the tabs at once (an open thread shows it while it is stored),
// the batch stored idempotently in one transaction, THEN one RECVACK per message; command
// messages go to the tabs as events only. ConnectionDriver hands it each run of
// RECVs (SENDACKs go from there to the outbox).
import { Op, PROTOCOL_VERSION, encodeFrame, type RecvFrame } from "#protocol";
import { channelKey, type ChannelRef } from "../../src/db/channelKey";
import type { MessageRecord } from "../../src/db/entities/MessageRecord";
import {
  announcedRows,
  storeIncomingBatch,
  type IncomingMessage,
} from "../store/incomingRepo";
import type { LiveSocket } from "../connection/ConnectionDriver";
import type { SeqRange } from "../sync/syncGaps";
import {
  emitConversationsChanged,
  emitMessagesChanged,
  type UserContext,
} from "../messenger/UserContext";
import { trustedCommandChannel } from "./receiveRules";
import { contentTypeOf, parsePayloadBytes } from "../rest/wire";

/** Counters of the receive path (diagnostics and tests). */
export interface InboundStats {
  /** RECVs stored or recognised as already stored, and acknowledged. */
  accepted: number;
  /** RECVs whose msgKey did not verify or whose payload did not decrypt: dropped, not acknowledged. */
  droppedBadKey: number;
  /** RECVs whose decrypted payload is not a JSON object: acknowledged but not stored. */
  droppedBadPayload: number;
  /** Commands from the server's own sender, handed to the tabs. */
  commands: number;
  /** Commands from anyone else (a person cannot give commands): dropped. */
  ignoredCommands: number;
}

/** What the receive path hands to the rest of the session. */
export interface InboundHooks {
  /** Own pending messages the server turned out to have (their SENDACK was lost). */
  settled(clientMsgNos: readonly string[]): void;
  /** Seq ranges a batch skipped: fetch them with messageSync. */
  gaps(gaps: readonly (ChannelRef & SeqRange)[]): void;
  /** Rows stored in a channel a visible tab shows (receipts, server-side read). */
  shown(rows: readonly MessageRecord[]): void;
  /** A command message (also sent to the tabs): the worker may act on some itself. */
  command(channel: ChannelRef, cmd: string): void;
}

/** The RECV as a message row candidate; null when its payload is not a JSON object. */
export function recvToMessage(
  frame: RecvFrame,
  plaintext: Uint8Array,
): IncomingMessage | null {
  const content = parsePayloadBytes(plaintext);
  if (content === undefined) return null;
  return {
    clientMsgNo: frame.clientMsgNo,
    messageId: BigInt.asUintN(64, frame.messageID).toString(),
    messageSeq: frame.messageSeq,
    channelId: frame.channelID,
    channelType: frame.channelType,
    fromUid: frame.fromUID,
    timestamp: frame.timestamp * 1000,
    contentType: contentTypeOf(content),
    content,
    redDot: frame.redDot === true,
    receipt: frame.setting.receipt === true,
    readed: false,
    isDeleted: false,
  };
}

function recvAck(frame: RecvFrame): Uint8Array {
  // NOTE: the SDK copies the RECV's header flags onto the RECVACK (§5.6).
  return encodeFrame(
    {
      op: Op.RECVACK,
      messageID: frame.messageID,
      messageSeq: frame.messageSeq,
      ...(frame.dup === undefined ? {} : { dup: frame.dup }),
      ...(frame.syncOnce === undefined ? {} : { syncOnce: frame.syncOnce }),
      ...(frame.redDot === undefined ? {} : { redDot: frame.redDot }),
      ...(frame.noPersist === undefined ? {} : { noPersist: frame.noPersist }),
    },
    PROTOCOL_VERSION,
  );
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The receive path of one user's messenger. */
export class Inbound {
  readonly #ctx: UserContext;
  readonly #hooks: InboundHooks;
  readonly stats: InboundStats = {
    accepted: 0,
    droppedBadKey: 0,
    droppedBadPayload: 0,
    commands: 0,
    ignoredCommands: 0,
  };

  constructor(ctx: UserContext, hooks: InboundHooks) {
    this.#ctx = ctx;
    this.#hooks = hooks;
  }

  /** A run of RECVs of one WebSocket message (no SENDACK between them). */
  receive(live: LiveSocket, recvs: readonly RecvFrame[]): void {
    const acks: Uint8Array[] = [];
    const messages: IncomingMessage[] = [];
    for (const frame of recvs) {
      let plaintext: Uint8Array;
      try {
        plaintext = live.crypto.openRecv(frame);
      } catch {
        // NOTE: like the SDK, a RECV that fails the msgKey check is dropped without RECVACK (§8.5).
        this.stats.droppedBadKey += 1;
        continue;
      }
      const message = recvToMessage(frame, plaintext);
      acks.push(recvAck(frame));
      if (message === null) this.stats.droppedBadPayload += 1;
      else messages.push(message);
    }
    if (acks.length === 0) return;
    // NOTE: before the store (#20): the RECVACK still waits for it, so a failed store loses nothing
    // (the server sends again) and the tabs drop a preview IndexedDB never gets (threadPreview.ts).
    const announced = announcedRows(messages);
    if (announced.length > 0) emitMessagesChanged(this.#ctx, announced);
    void this.#ctx
      .serial(async () => {
        if (this.#ctx.disposed) return;
        if (messages.length > 0) await this.#store(messages);
        this.stats.accepted += acks.length;
        live.send(concat(acks));
      })
      .catch((error: unknown) => {
        // NOTE: nothing stored, nothing acknowledged: the server sends these RECVs again.
        this.#ctx.reportError(error);
      });
  }

  async #store(messages: readonly IncomingMessage[]): Promise<void> {
    const context = this.#ctx.receiveContext();
    const result = await storeIncomingBatch(this.#ctx.db, messages, context);
    for (const command of result.commands) {
      const channel = trustedCommandChannel(command);
      if (channel === null) {
        this.stats.ignoredCommands += 1;
        continue;
      }
      this.stats.commands += 1;
      const { content } = command;
      const cmd = typeof content.cmd === "string" ? content.cmd : "";
      this.#ctx.emit({
        type: "command",
        channel,
        fromUid: command.fromUid,
        cmd,
        param: content.param ?? null,
      });
      this.#hooks.command(channel, cmd);
    }
    if (result.settledOutgoing.length > 0)
      this.#hooks.settled(result.settledOutgoing);
    emitMessagesChanged(this.#ctx, result.stored);
    emitConversationsChanged(this.#ctx, result.changedConversations);
    if (result.gaps.length > 0) this.#hooks.gaps(result.gaps);
    const shown = result.stored.filter((row) =>
      context.visibleChannels.has(channelKey(row)),
    );
    if (shown.length > 0) this.#hooks.shown(shown);
  }
}
