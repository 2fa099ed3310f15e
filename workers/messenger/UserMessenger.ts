// One signed-in IM user inside the worker: their database and the send, receive, sync, receipt and
// upload paths wired together, plus the operations tabs call on that user's data. Created by
// MessengerService at `start`, disposed at stop-for-another-user or logout.
import type { LoadOlderResult, QueuedMessage } from "../api";
import Dexie from "dexie";
import type { AppDb } from "../../src/db/AppDb";
import { channelKey, type ChannelRef } from "../../src/db/channelKey";
import {
  MessageStatus,
  type MessageRecord,
} from "../../src/db/entities/MessageRecord";
import { UploadState } from "../../src/db/entities/UploadRecord";
import { applyReadTo, deleteConversation } from "../store/conversationRepo";
import {
  enqueueOutgoing,
  loadPendingOutbox,
  requeueFailed,
} from "../store/outgoingRepo";
import { loadReceiptQueue } from "../store/receiptRepo";
import { markRemindersDone } from "../store/reminderRepo";
import type { LiveSocket } from "../connection/ConnectionDriver";
import { MessengerFailure } from "./errors";
import { ChannelInfoRunner } from "../sync/ChannelInfoRunner";
import { deleteServerConversation, remindersDone } from "../rest/imApi";
import type { ImHttp } from "../rest/ImHttp";
import { Inbound } from "../inbox/Inbound";
import { OutboxRunner } from "../outbox/OutboxRunner";
import {
  buildImageMessage,
  buildTextMessage,
  checkChannel,
  newClientMsgNo,
  type OutgoingRows,
} from "../outbox/outgoing";
import { ReceiptRunner } from "../inbox/ReceiptRunner";
import type { ReceiveContext } from "../inbox/receiveRules";
import { createSerialQueue } from "../lib/serialQueue";
import { SyncRunner } from "../sync/SyncRunner";
import { UploadRunner } from "../outbox/UploadRunner";
import type { UploadTransport } from "../outbox/uploadTransport";
import {
  emitConversationsChanged,
  emitMessagesChanged,
  type UserContext,
} from "./UserContext";
import type { MessengerEvent } from "../api";

/** How many of the newest messages count as displayed when a thread opens (one page). */
const SHOWN_ON_OPEN = 100;

/** The command the server sends when a channel's message extras changed (receipts, revoke). */
export const SYNC_EXTRA_CMD = "syncMessageExtra";
/** The server's command after one of our reminders was added or closed. */
export const SYNC_REMINDERS_CMD = "syncReminders";
/** loadOlder's page size when the tab does not say. */
export const DEFAULT_OLDER_LIMIT = 20;
/** Largest loadOlder page. */
export const MAX_OLDER_LIMIT = 200;

export interface UserMessengerOptions {
  readonly uid: string;
  readonly db: AppDb;
  readonly http: ImHttp;
  readonly uploadTransport: UploadTransport;
  readonly now: () => number;
  readonly randomBytes: (n: number) => Uint8Array;
  readonly live: () => LiveSocket | null;
  readonly emit: (event: MessengerEvent) => void;
  readonly receiveContext: () => ReceiveContext;
  readonly reportError: (error: unknown) => void;
}

/** The per-user part of the worker. */
export class UserMessenger {
  readonly uid: string;
  readonly db: AppDb;
  readonly http: ImHttp;
  readonly outbox: OutboxRunner;
  readonly inbound: Inbound;
  readonly sync: SyncRunner;
  readonly receipts: ReceiptRunner;
  readonly channelInfo: ChannelInfoRunner;
  readonly uploads: UploadRunner;
  readonly #ctx: UserContext;
  readonly #options: UserMessengerOptions;
  #disposed = false;

  constructor(options: UserMessengerOptions) {
    this.#options = options;
    this.uid = options.uid;
    this.db = options.db;
    this.http = options.http;
    const serial = createSerialQueue();
    const isDisposed = () => this.#disposed;
    this.#ctx = {
      uid: options.uid,
      db: options.db,
      http: options.http,
      now: options.now,
      live: options.live,
      emit: (event) => {
        if (!isDisposed()) options.emit(event);
      },
      serial,
      receiveContext: options.receiveContext,
      reportError: (error) => {
        // NOTE: work cut short by a logout or a user switch fails on the closed database; not news.
        if (!isDisposed()) options.reportError(error);
      },
      get disposed() {
        return isDisposed();
      },
    };
    const ctx = this.#ctx;
    this.outbox = new OutboxRunner(ctx);
    this.receipts = new ReceiptRunner(ctx);
    this.channelInfo = new ChannelInfoRunner(ctx);
    this.uploads = new UploadRunner(ctx, options.uploadTransport, {
      stateChanged: (clientMsgNo, state, refusal) => {
        this.outbox.uploadChanged(clientMsgNo, state, refusal);
      },
      uploaded: (clientMsgNo, content) => {
        this.outbox.updateContent(clientMsgNo, content);
        void this.#emitRows([clientMsgNo]);
      },
    });
    const settled = (clientMsgNos: readonly string[]) => {
      this.outbox.remove(clientMsgNos);
    };
    const shown = (rows: readonly MessageRecord[]) => {
      this.#shown(rows);
    };
    this.sync = new SyncRunner(ctx, {
      settled,
      shown,
      unreadWhileShown: (channels) => {
        for (const channel of channels) void this.markRead(channel);
      },
    });
    this.inbound = new Inbound(ctx, {
      settled,
      gaps: (gaps) => {
        this.sync.fillGaps(gaps);
      },
      shown,
      command: (channel, cmd) => {
        if (cmd === SYNC_EXTRA_CMD) this.sync.syncExtrasOf(channel);
        else if (cmd === SYNC_REMINDERS_CMD) this.sync.syncRemindersNow();
      },
    });
  }

  get disposed(): boolean {
    return this.#disposed;
  }

  /** Restores what an earlier worker left: pending sends (and their uploads) and queued receipts. */
  async restore(): Promise<void> {
    const pending = await loadPendingOutbox(this.db);
    this.outbox.restore(pending);
    for (const { outbox, upload } of pending) {
      if (upload !== undefined && upload.state !== UploadState.SUCCESS)
        this.uploads.start(outbox.clientMsgNo);
    }
    this.receipts.restore(await loadReceiptQueue(this.db));
  }

  /** Connected: pending messages go out again; suspended uploads resume. */
  connected(): void {
    this.outbox.connected();
    this.uploads.resumeSuspended();
  }

  disconnected(): void {
    this.outbox.disconnected();
  }

  /** A newer access token: work that waited for it resumes. */
  authUpdated(connected: boolean): void {
    this.uploads.resumeSuspended();
    if (connected) this.sync.retryIfFailed();
  }

  dispose(): void {
    this.#disposed = true;
    this.outbox.dispose();
    this.receipts.dispose();
    this.uploads.dispose();
  }

  async #emitRows(clientMsgNos: readonly string[]): Promise<void> {
    const rows = (await this.db.messages.bulkGet([...clientMsgNos])).filter(
      (r): r is MessageRecord => r !== undefined,
    );
    emitMessagesChanged(this.#ctx, rows);
  }

  #newRows(
    build: (ctx: {
      selfUid: string;
      clientMsgNo: string;
      now: number;
    }) => OutgoingRows,
  ) {
    return build({
      selfUid: this.uid,
      clientMsgNo: newClientMsgNo(this.#options.randomBytes(16)),
      now: this.#options.now(),
    });
  }

  async #enqueue(rows: OutgoingRows): Promise<QueuedMessage> {
    const row = await this.#ctx.serial(() => enqueueOutgoing(this.db, rows));
    this.outbox.add(row, rows.upload?.state);
    if (rows.upload !== undefined) this.uploads.start(row.clientMsgNo);
    emitMessagesChanged(this.#ctx, [rows.message]);
    emitConversationsChanged(this.#ctx, [rows.message]);
    return { clientMsgNo: row.clientMsgNo };
  }

  sendText(channel: ChannelRef, text: string): Promise<QueuedMessage> {
    return this.#enqueue(
      this.#newRows((ctx) => buildTextMessage(channel, text, ctx)),
    );
  }

  sendImage(
    channel: ChannelRef,
    image: {
      readonly file: Blob;
      readonly width: number;
      readonly height: number;
    },
  ): Promise<QueuedMessage> {
    return this.#enqueue(
      this.#newRows((ctx) => buildImageMessage(channel, image, ctx)),
    );
  }

  /** A failed message goes back to the outbox with its clientMsgNo (its upload restarts if needed). */
  async retry(clientMsgNo: string): Promise<void> {
    if (this.outbox.has(clientMsgNo))
      throw new MessengerFailure(
        "INVALID_STATE",
        `Message ${clientMsgNo} is still pending`,
      );
    const { outbox, upload } = await this.#ctx.serial(() =>
      requeueFailed(this.db, clientMsgNo),
    );
    // NOTE: it may have reached the server before failing; DUP lets the server see it as a re-send.
    this.outbox.add(outbox, upload?.state, true);
    if (upload !== undefined && upload.state !== UploadState.SUCCESS)
      this.uploads.start(clientMsgNo);
    await this.#emitRows([clientMsgNo]);
  }

  async cancelUpload(clientMsgNo: string): Promise<void> {
    if (!(await this.uploads.cancel(clientMsgNo)))
      throw new MessengerFailure(
        "NOT_FOUND",
        `No running or waiting upload ${clientMsgNo}`,
      );
  }

  /** Restarts a failed, suspended or cancelled upload. */
  async retryUpload(clientMsgNo: string): Promise<void> {
    const [upload, message] = await Promise.all([
      this.db.uploads.get(clientMsgNo),
      this.db.messages.get(clientMsgNo),
    ]);
    if (upload === undefined || message === undefined)
      throw new MessengerFailure("NOT_FOUND", `No upload ${clientMsgNo}`);
    if (message.status === MessageStatus.FAIL) {
      await this.retry(clientMsgNo);
      return;
    }
    if (
      upload.state === UploadState.SUSPEND &&
      !this.uploads.isRunning(clientMsgNo)
    ) {
      this.uploads.start(clientMsgNo);
      return;
    }
    throw new MessengerFailure(
      "INVALID_STATE",
      `Upload ${clientMsgNo} is ${upload.state}; only failed, suspended or cancelled uploads restart`,
    );
  }

  /** A visible tab shows `channel`: it is read, and receipts of what is shown go out. */
  async channelShown(channel: ChannelRef): Promise<void> {
    await this.markRead(channel);
    const { channelId, channelType } = channel;
    // NOTE: only what a thread can show on opening counts as displayed (its newest page), so
    // a conversation holding 10,000 messages is not read in full each time it is opened.
    const rows = (
      await this.db.messages
        .where("[channelId+channelType+messageSeq]")
        .between(
          [channelId, channelType, Dexie.minKey],
          [channelId, channelType, Dexie.maxKey],
        )
        .reverse()
        .limit(SHOWN_ON_OPEN)
        .toArray()
    ).filter(
      (m) =>
        m.status === MessageStatus.NORMAL &&
        m.receipt &&
        !m.readed &&
        m.fromUid !== this.uid,
    );
    this.#shown(rows);
  }

  #shown(rows: readonly MessageRecord[]): void {
    this.receipts.displayed(
      rows.map((r) => ({
        ...(r.messageId === undefined ? {} : { messageId: r.messageId }),
        ...(r.messageSeq === undefined ? {} : { messageSeq: r.messageSeq }),
        clientMsgNo: r.clientMsgNo,
        channelKey: channelKey(r),
        fromUid: r.fromUid,
        receipt: r.receipt,
        readed: r.readed,
      })),
    );
    const channels = new Map(rows.map((r) => [channelKey(r), r]));
    for (const r of channels.values())
      this.receipts.markServerRead({
        channelId: r.channelId,
        channelType: r.channelType,
      });
  }

  /** Everything in `channel` is read here, and (at the next receipt beat) on the server. */
  async markRead(channel: ChannelRef): Promise<void> {
    checkChannel(channel);
    // NOTE: queued before any await, so it reads up to what was stored when the thread was shown:
    // a RECV stored by a task queued after this one (the reader may have left by then) stays
    // unread. Reading `before` outside the queue first let such a message be marked read.
    const { before, after } = await this.#ctx.serial(async () => {
      const before = await this.db.conversations.get([
        channel.channelId,
        channel.channelType,
      ]);
      return { before, after: await applyReadTo(this.db, { channel }) };
    });
    if (after === undefined || before === undefined) return;
    if (after.readToSeq === before.readToSeq && before.unread === 0) return;
    emitConversationsChanged(this.#ctx, [channel]);
    this.receipts.markServerRead(channel);
  }

  /** Deletes the conversation here (history, pending sends) and then on the server. */
  async deleteConversation(channel: ChannelRef): Promise<void> {
    checkChannel(channel);
    const { removedOutbox } = await this.#ctx.serial(() =>
      deleteConversation(this.db, channel),
    );
    for (const clientMsgNo of removedOutbox)
      void this.uploads.cancel(clientMsgNo);
    this.outbox.remove(removedOutbox);
    emitConversationsChanged(this.#ctx, [channel]);
    this.#ctx.emit({
      type: "messagesChanged",
      channel,
      clientMsgNos: removedOutbox,
      rows: [],
    });
    // NOTE: the local delete stands even if the server call fails: the cleared-history cursor keeps
    // synced copies of the deleted messages out.
    await deleteServerConversation(this.http, channel);
  }

  loadOlder(
    channel: ChannelRef,
    beforeSeq: number,
    limit?: number,
  ): Promise<LoadOlderResult> {
    checkChannel(channel);
    if (!Number.isInteger(beforeSeq) || beforeSeq < 1)
      throw new MessengerFailure(
        "INVALID_ARGUMENT",
        "beforeSeq must be a positive integer",
      );
    const size = limit ?? DEFAULT_OLDER_LIMIT;
    if (!Number.isInteger(size) || size < 1 || size > MAX_OLDER_LIMIT)
      throw new MessengerFailure(
        "INVALID_ARGUMENT",
        `limit must be 1–${MAX_OLDER_LIMIT}`,
      );
    return this.sync.loadOlder(channel, beforeSeq, size);
  }

  /** Reminders are marked done locally first, then on the server. */
  async reminderDone(reminderIds: readonly number[]): Promise<void> {
    if (
      !Array.isArray(reminderIds) ||
      reminderIds.some((id) => !Number.isInteger(id))
    )
      throw new MessengerFailure(
        "INVALID_ARGUMENT",
        "reminderIds must be integers",
      );
    const ids = await this.#ctx.serial(() =>
      markRemindersDone(this.db, reminderIds),
    );
    if (ids.length === 0) return;
    const rows = await this.db.reminders.bulkGet(ids);
    emitConversationsChanged(
      this.#ctx,
      rows.filter((r) => r !== undefined),
    );
    await remindersDone(this.http, ids);
  }
}
