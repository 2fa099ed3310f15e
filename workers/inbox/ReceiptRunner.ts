// Runs the pure receipt coalescer: receipts of messages shown in a visible tab are persisted, then
// sent per channel every 2 s (POST messageReaded) and marked `readed` once delivered. It also tells
// the server, on the same beat, up to which seq the shown conversations are read.
import {
  channelKey,
  parseChannelKey,
  type ChannelRef,
} from "../../src/db/channelKey";
import { completeReceipts, queueReceipts } from "../store/receiptRepo";
import { toMessengerError } from "../messenger/errors";
import { sendReadReceipts, setServerReadTo } from "../rest/imApi";
import { NamedTimers } from "../lib/NamedTimers";
import {
  RECEIPT_FLUSH_INTERVAL_MS,
  initialReceiptState,
  receiptTransition,
  type DisplayedMessage,
  type ReceiptEffect,
  type ReceiptEntry,
  type ReceiptEvent,
  type ReceiptState,
} from "./receiptCoalescer";
import {
  emitMessagesChanged,
  type UserContext,
} from "../messenger/UserContext";

/** Read receipts and server-side read marks of one user's messenger. */
export class ReceiptRunner {
  readonly #ctx: UserContext;
  readonly #timers = new NamedTimers<"receiptFlush" | "readMarks">();
  #state: ReceiptState = initialReceiptState();
  readonly #readMarks = new Map<string, ChannelRef>();

  constructor(ctx: UserContext) {
    this.#ctx = ctx;
  }

  get state(): ReceiptState {
    return this.#state;
  }

  /** Receipts queued by an earlier worker. */
  restore(entries: readonly ReceiptEntry[]): void {
    this.#dispatch({ type: "restore", entries });
  }

  /** Messages now shown in a visible tab. */
  displayed(messages: readonly DisplayedMessage[]): void {
    this.#dispatch({
      type: "displayed",
      messages,
      selfUid: this.#ctx.uid,
      visible: true,
    });
  }

  /** The user has read `channel` here: tell the server at the next beat (coalesced per channel). */
  markServerRead(channel: ChannelRef): void {
    this.#readMarks.set(channelKey(channel), channel);
    if (!this.#timers.isArmed("readMarks"))
      this.#timers.start("readMarks", RECEIPT_FLUSH_INTERVAL_MS, () => {
        void this.#flushReadMarks();
      });
  }

  dispose(): void {
    this.#timers.cancelAll();
  }

  /** Offline or waiting for a token, these retry every beat: only other failures are news. */
  #report(error: unknown): void {
    const { code } = toMessengerError(error);
    if (code !== "NETWORK" && code !== "UNAUTHORIZED")
      this.#ctx.reportError(error);
  }

  async #flushReadMarks(): Promise<void> {
    const marks = [...this.#readMarks.values()];
    this.#readMarks.clear();
    const reported: ChannelRef[] = [];
    for (const channel of marks) {
      if (this.#ctx.disposed) return;
      try {
        // NOTE: the seq read here, not "all read": the beat comes up to 2 s after the reading, and
        // "unread 0" would also mark what arrived meanwhile (e.g. after the user left the thread).
        const conversation = await this.#ctx.db.conversations.get([
          channel.channelId,
          channel.channelType,
        ]);
        if (conversation === undefined) continue;
        await setServerReadTo(this.#ctx.http, channel, conversation.readToSeq);
        reported.push(channel);
      } catch (error) {
        // NOTE: kept for the next beat; a later mark of the same channel replaces it.
        if (!this.#readMarks.has(channelKey(channel)))
          this.markServerRead(channel);
        this.#report(error);
        break;
      }
    }
    if (reported.length > 0 && !this.#ctx.disposed)
      this.#ctx.emit({ type: "readsReported", channels: reported });
  }

  #dispatch(event: ReceiptEvent): void {
    const result = receiptTransition(this.#state, event);
    this.#state = result.state;
    for (const effect of result.effects) this.#run(effect);
  }

  #run(effect: ReceiptEffect): void {
    switch (effect.type) {
      case "persist":
        void this.#ctx
          .serial(() =>
            queueReceipts(this.#ctx.db, effect.entries, this.#ctx.now()),
          )
          .catch((error: unknown) => {
            this.#ctx.reportError(error);
          });
        return;
      case "flush":
        void this.#flush(effect.channelKey, effect.entries);
        return;
      case "startTimer":
        this.#timers.start("receiptFlush", effect.delayMs, () => {
          this.#dispatch({ type: "timerFired" });
        });
        return;
    }
  }

  async #flush(key: string, entries: readonly ReceiptEntry[]): Promise<void> {
    let ok = false;
    try {
      const ids = entries.map((e) => e.messageId);
      await sendReadReceipts(this.#ctx.http, parseChannelKey(key), ids);
      if (!this.#ctx.disposed) {
        await this.#ctx.serial(() =>
          completeReceipts(this.#ctx.db, ids, this.#ctx.now()),
        );
        const rows = await this.#ctx.db.messages
          .where("messageId")
          .anyOf(ids)
          .toArray();
        emitMessagesChanged(this.#ctx, rows);
      }
      ok = true;
    } catch (error) {
      this.#report(error);
    }
    if (!this.#ctx.disposed)
      this.#dispatch({ type: "flushDone", channelKey: key, ok });
  }
}
