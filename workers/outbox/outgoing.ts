// Turning a tab's send request into the rows the outbox stores (message status wait, outbox entry,
// upload task), after checking the input. Pure: ids and clock come in as arguments.
import type { ChannelRef } from "../../src/db/channelKey";
import {
  MessageStatus,
  type MessageRecord,
} from "../../src/db/entities/MessageRecord";
import type { OutboxRecord } from "../../src/db/entities/OutboxRecord";
import {
  UploadState,
  type UploadRecord,
} from "../../src/db/entities/UploadRecord";
import { isUploadImageType, UPLOAD_LIMITS } from "#contract";
import { MAX_TEXT_LENGTH } from "../api";
import { MessengerFailure } from "../messenger/errors";

/** Payload content types the worker composes (protocol §9). */
export const ContentType = { TEXT: 1, IMAGE: 2 } as const;

/** Longest channel id (the codec's strings are u16-length; real ids are far shorter). */
export const MAX_CHANNEL_ID_LENGTH = 256;

/** The rows {@link buildTextMessage} / {@link buildImageMessage} produce for `enqueueOutgoing`. */
export interface OutgoingRows {
  readonly message: MessageRecord;
  readonly outbox: Omit<OutboxRecord, "seq">;
  readonly upload?: UploadRecord;
}

/** Who sends, under which id, when. */
export interface OutgoingContext {
  readonly selfUid: string;
  readonly clientMsgNo: string;
  /** Milliseconds since the epoch. */
  readonly now: number;
}

/** A clientMsgNo in the v4 SDK's shape: 32 hex + `"_0_3"` (protocol §12). */
export function newClientMsgNo(random16: Uint8Array): string {
  if (random16.length !== 16)
    throw new Error("newClientMsgNo needs 16 random bytes");
  return `${Array.from(random16, (b) => b.toString(16).padStart(2, "0")).join("")}_0_3`;
}

function invalid(message: string): MessengerFailure {
  return new MessengerFailure("INVALID_ARGUMENT", message);
}

/** Throws INVALID_ARGUMENT unless `channel` is a usable channel. */
export function checkChannel(channel: ChannelRef): void {
  const { channelId, channelType } = channel;
  if (
    typeof channelId !== "string" ||
    channelId === "" ||
    channelId.length > MAX_CHANNEL_ID_LENGTH
  ) {
    throw invalid(`channelId must be 1–${MAX_CHANNEL_ID_LENGTH} characters`);
  }
  if (!Number.isInteger(channelType) || channelType < 1 || channelType > 255) {
    throw invalid("channelType must be an integer in 1–255");
  }
}

function baseMessage(
  channel: ChannelRef,
  ctx: OutgoingContext,
  content: MessageRecord["content"],
  contentType: number,
): MessageRecord {
  return {
    clientMsgNo: ctx.clientMsgNo,
    channelId: channel.channelId,
    channelType: channel.channelType,
    fromUid: ctx.selfUid,
    timestamp: ctx.now,
    contentType,
    content,
    status: MessageStatus.WAIT,
    redDot: true,
    receipt: false,
    readed: false,
    isDeleted: false,
  };
}

function baseOutbox(message: MessageRecord): Omit<OutboxRecord, "seq"> {
  return {
    clientMsgNo: message.clientMsgNo,
    channelId: message.channelId,
    channelType: message.channelType,
    contentType: message.contentType,
    content: message.content,
    redDot: message.redDot,
    receipt: message.receipt,
    state: "pending",
    createdAt: message.timestamp,
  };
}

/** Rows for a text message; throws INVALID_ARGUMENT for an empty, blank or too long text. */
export function buildTextMessage(
  channel: ChannelRef,
  text: string,
  ctx: OutgoingContext,
): OutgoingRows {
  checkChannel(channel);
  if (typeof text !== "string" || text.trim() === "")
    throw invalid("text must not be empty");
  if (text.length > MAX_TEXT_LENGTH)
    throw invalid(`text is longer than ${MAX_TEXT_LENGTH} characters`);
  const message = baseMessage(
    channel,
    ctx,
    { type: ContentType.TEXT, content: text },
    ContentType.TEXT,
  );
  return { message, outbox: baseOutbox(message) };
}

/**
 * Rows for an image message (payload gets its `url` once uploaded). Refuses what the server would
 * refuse (#contract's upload limits): IMAGE_DAMAGED for an empty file, IMAGE_TOO_LARGE over the
 * bytes or pixels, IMAGE_NOT_ACCEPTED for another type; INVALID_ARGUMENT for a bad channel or size.
 */
export function buildImageMessage(
  channel: ChannelRef,
  image: {
    readonly file: Blob;
    readonly width: number;
    readonly height: number;
  },
  ctx: OutgoingContext,
): OutgoingRows {
  checkChannel(channel);
  const { file, width, height } = image;
  if (!(file instanceof Blob)) throw invalid("file must be a Blob");
  if (!Number.isInteger(width) || width < 1)
    throw invalid("width must be a positive integer");
  if (!Number.isInteger(height) || height < 1)
    throw invalid("height must be a positive integer");
  if (file.size === 0)
    throw new MessengerFailure("IMAGE_DAMAGED", "the file is empty");
  if (!isUploadImageType(file.type))
    throw new MessengerFailure(
      "IMAGE_NOT_ACCEPTED",
      `type ${file.type} is not PNG, JPEG, WebP or GIF`,
    );
  const { maxBytes, maxPixels } = UPLOAD_LIMITS;
  if (file.size > maxBytes || width * height > maxPixels)
    throw new MessengerFailure(
      "IMAGE_TOO_LARGE",
      `${String(file.size)} bytes, ${String(width)}×${String(height)} px; at most ${String(maxBytes)} bytes and ${String(maxPixels)} px`,
    );
  const message = baseMessage(
    channel,
    ctx,
    { type: ContentType.IMAGE, width, height },
    ContentType.IMAGE,
  );
  return {
    message,
    outbox: {
      ...baseOutbox(message),
      media: { blob: file, mime: file.type, width, height },
    },
    upload: {
      clientMsgNo: ctx.clientMsgNo,
      state: UploadState.WAIT,
      loaded: 0,
      total: file.size,
      updatedAt: ctx.now,
    },
  };
}
