// Writes of the send path: a message enters the outbox (and its conversation) before anything is sent;
// a SENDACK settles it; a refusal marks it failed (keeping its media for a retry).
import type { AppDb } from "../../src/db/AppDb";
import {
  MessageStatus,
  type MessageFailure,
  type MessageRecord,
} from "../../src/db/entities/MessageRecord";
import type { OutboxRecord } from "../../src/db/entities/OutboxRecord";
import {
  UploadState,
  type UploadRecord,
} from "../../src/db/entities/UploadRecord";
import { MessengerFailure } from "../messenger/errors";
import type { OutgoingRows } from "../outbox/outgoing";
import { emptyConversation } from "../inbox/receiveRules";
import { noteOwnSeq } from "../inbox/unread";

/** A pending outbox row with its upload task, if it has media. */
export interface PendingSend {
  readonly outbox: OutboxRecord;
  readonly upload?: UploadRecord;
}

/** Stores a new outgoing message (status wait), its outbox entry and upload task; moves its conversation to the top. */
export async function enqueueOutgoing(
  db: AppDb,
  rows: OutgoingRows,
): Promise<OutboxRecord> {
  const { message, outbox, upload } = rows;
  return db.transaction(
    "rw",
    [db.messages, db.outbox, db.uploads, db.conversations],
    async () => {
      // NOTE: the reads, then the writes, go to IndexedDB together: each awaited request is a round
      // trip, and this transaction stands between the send button and the SEND (#20).
      const pk: [string, number] = [message.channelId, message.channelType];
      const [existing, stored] = await Promise.all([
        db.messages.get(message.clientMsgNo),
        db.conversations.get(pk),
      ]);
      if (existing !== undefined) {
        throw new MessengerFailure(
          "INVALID_STATE",
          `Message ${message.clientMsgNo} is already stored`,
        );
      }
      const conversation = stored ?? emptyConversation(...pk);
      const [, seq] = await Promise.all([
        db.messages.add(message),
        db.outbox.add(outbox),
        upload === undefined ? undefined : db.uploads.put(upload),
        db.conversations.put({
          ...conversation,
          timestamp: Math.max(conversation.timestamp, message.timestamp),
          lastClientMsgNo: message.clientMsgNo,
        }),
      ]);
      return { ...outbox, seq };
    },
  );
}

/**
 * SENDACK reason 1: the message gets its messageId/messageSeq and status normal, leaves the outbox, and
 * its seq is recorded in the conversation as an own (never unread) message. Returns the updated row,
 * or undefined when the message is gone (its conversation was deleted meanwhile). Idempotent.
 */
export async function applySendAck(
  db: AppDb,
  ack: {
    readonly clientMsgNo: string;
    readonly messageId: string;
    readonly messageSeq: number;
  },
): Promise<MessageRecord | undefined> {
  if (
    !/^\d{1,20}$/.test(ack.messageId) ||
    !Number.isInteger(ack.messageSeq) ||
    ack.messageSeq < 0
  ) {
    throw new MessengerFailure(
      "INVALID_ARGUMENT",
      `Bad SENDACK for ${ack.clientMsgNo}`,
    );
  }
  return db.transaction(
    "rw",
    [db.messages, db.outbox, db.uploads, db.conversations],
    async () => {
      const message = await db.messages.get(ack.clientMsgNo);
      if (message === undefined) return undefined;
      const { failure: _cleared, ...rest } = message;
      const settled: MessageRecord = {
        ...rest,
        messageId: ack.messageId,
        messageSeq: ack.messageSeq,
        status: MessageStatus.NORMAL,
      };
      await db.messages.put(settled);
      await db.outbox.where("clientMsgNo").equals(ack.clientMsgNo).delete();
      await db.uploads.delete(ack.clientMsgNo);
      const pk: [string, number] = [message.channelId, message.channelType];
      const conversation =
        (await db.conversations.get(pk)) ?? emptyConversation(...pk);
      await db.conversations.put(noteOwnSeq(conversation, ack.messageSeq));
      return settled;
    },
  );
}

/** The message failed: status fail with its reason; the outbox row stays (state failed) for a retry. */
export async function markFailed(
  db: AppDb,
  args: { readonly clientMsgNo: string; readonly failure: MessageFailure },
): Promise<MessageRecord | undefined> {
  return db.transaction("rw", [db.messages, db.outbox], async () => {
    const message = await db.messages.get(args.clientMsgNo);
    if (message === undefined || message.status === MessageStatus.NORMAL)
      return undefined;
    const failed: MessageRecord = {
      ...message,
      status: MessageStatus.FAIL,
      failure: args.failure,
    };
    await db.messages.put(failed);
    await db.outbox
      .where("clientMsgNo")
      .equals(args.clientMsgNo)
      .modify({ state: "failed" });
    return failed;
  });
}

/**
 * `retry`: a failed message goes back to status wait, at the END of the outbox (a new seq), with its
 * original clientMsgNo; a media upload that did not succeed starts over.
 */
export async function requeueFailed(
  db: AppDb,
  clientMsgNo: string,
): Promise<PendingSend> {
  return db.transaction(
    "rw",
    [db.messages, db.outbox, db.uploads],
    async () => {
      const message = await db.messages.get(clientMsgNo);
      const row = await db.outbox
        .where("clientMsgNo")
        .equals(clientMsgNo)
        .first();
      if (message === undefined || row === undefined) {
        throw new MessengerFailure(
          "NOT_FOUND",
          `No failed message ${clientMsgNo}`,
        );
      }
      if (message.status !== MessageStatus.FAIL) {
        throw new MessengerFailure(
          "INVALID_STATE",
          `Message ${clientMsgNo} is ${message.status}, not fail`,
        );
      }
      const { failure: _cleared, ...rest } = message;
      await db.messages.put({ ...rest, status: MessageStatus.WAIT });
      await db.outbox.delete(row.seq);
      const { seq: _old, ...fields } = row;
      const seq = await db.outbox.add({ ...fields, state: "pending" });
      let upload = await db.uploads.get(clientMsgNo);
      if (upload !== undefined && upload.state !== UploadState.SUCCESS) {
        upload = { ...upload, state: UploadState.WAIT, loaded: 0 };
        await db.uploads.put(upload);
      }
      const outbox: OutboxRecord = { ...fields, state: "pending", seq };
      return upload === undefined ? { outbox } : { outbox, upload };
    },
  );
}

/** Pending outbox rows in outbox order, with their uploads: what the scheduler restores at start. */
export async function loadPendingOutbox(db: AppDb): Promise<PendingSend[]> {
  return db.transaction("r", [db.outbox, db.uploads], async () => {
    const rows = (await db.outbox.orderBy("seq").toArray()).filter(
      (r) => r.state === "pending",
    );
    const uploads = await db.uploads.bulkGet(rows.map((r) => r.clientMsgNo));
    return rows.map((outbox, i) => {
      const upload = uploads[i];
      return upload === undefined ? { outbox } : { outbox, upload };
    });
  });
}
