// Parsing of the messaging REST API's JSON (protocol §13 shapes inside the app envelope) into the
// records the store takes. Lenient about number/string forms, strict about what a row needs: an
// entry that lacks it is skipped (and counted), never stored half-formed.
import { base64Decode, decodeUtf8 } from "#protocol";
import type { ChannelRef } from "../../src/db/channelKey";
import type { JsonObject } from "../../src/db/entities/JsonValue";
import type { MessageExtra } from "../../src/db/entities/MessageRecord";
import type { ReminderRecord } from "../../src/db/entities/ReminderRecord";
import type { ServerConversation } from "../store/conversationRepo";
import type { IncomingMessage } from "../store/incomingRepo";

type Raw = Readonly<Record<string, unknown>>;

/** Setting bit 0x80: the sender wants read receipts (protocol §6). */
const SETTING_RECEIPT = 0x80;

export function isObject(value: unknown): value is Raw {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function num(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value))
    return Number(value);
  if (typeof value === "boolean") return value ? 1 : 0;
  return undefined;
}

function int(value: unknown): number | undefined {
  const n = num(value);
  return n !== undefined && Number.isInteger(n) ? n : undefined;
}

function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function flag(value: unknown): boolean {
  return value === true || num(value) === 1;
}

/** Seconds or milliseconds since the epoch → milliseconds (servers send seconds, §13). */
export function toMillis(value: unknown): number {
  const n = num(value) ?? 0;
  return n > 0 && n < 100_000_000_000 ? n * 1000 : n;
}

/** A decimal message id from `message_idstr` (preferred) or `message_id`. */
function messageIdOf(raw: Raw): string | undefined {
  const text =
    str(raw.message_idstr) ?? str(raw.message_id_str) ?? str(raw.message_id);
  if (text !== undefined) return /^\d{1,20}$/.test(text) ? text : undefined;
  const n = int(raw.message_id);
  return n !== undefined && n >= 0 ? String(n) : undefined;
}

/** The payload JSON object of a base64 `payload` (or an already-decoded object). */
export function decodePayload(payload: unknown): JsonObject | undefined {
  if (isObject(payload)) return payload as JsonObject;
  if (typeof payload !== "string") return undefined;
  try {
    const json: unknown = JSON.parse(decodeUtf8(base64Decode(payload)));
    return isObject(json) ? (json as JsonObject) : undefined;
  } catch {
    return undefined;
  }
}

/** The payload of a decrypted RECV (UTF-8 JSON bytes). */
export function parsePayloadBytes(bytes: Uint8Array): JsonObject | undefined {
  try {
    const json: unknown = JSON.parse(decodeUtf8(bytes));
    return isObject(json) ? (json as JsonObject) : undefined;
  } catch {
    return undefined;
  }
}

/** Content type of a payload: its numeric `type` (0 unknown when missing). */
export function contentTypeOf(content: JsonObject): number {
  return int(content.type) ?? 0;
}

/** A `MessageResp` (§13) as an {@link IncomingMessage}, or undefined when a needed field is missing. */
export function parseWireMessage(value: unknown): IncomingMessage | undefined {
  if (!isObject(value)) return undefined;
  const messageId = messageIdOf(value);
  const clientMsgNo = str(value.client_msg_no);
  const messageSeq = int(value.message_seq);
  const channelId = str(value.channel_id);
  const channelType = int(value.channel_type);
  const content = decodePayload(value.payload);
  if (
    messageId === undefined ||
    clientMsgNo === undefined ||
    clientMsgNo === "" ||
    messageSeq === undefined ||
    channelId === undefined ||
    channelId === "" ||
    channelType === undefined ||
    content === undefined
  )
    return undefined;
  const header = isObject(value.header) ? value.header : {};
  const setting = int(value.setting) ?? 0;
  return {
    clientMsgNo,
    messageId,
    messageSeq,
    channelId,
    channelType,
    fromUid: str(value.from_uid) ?? "",
    timestamp: toMillis(value.timestamp),
    contentType: contentTypeOf(content),
    content,
    redDot: flag(header.red_dot),
    receipt: (setting & SETTING_RECEIPT) !== 0,
    readed: false,
    isDeleted: flag(value.is_deleted),
  };
}

/** Every well-formed message of a list; `rejected` counts the others. */
export function parseWireMessages(value: unknown): {
  messages: IncomingMessage[];
  rejected: number;
} {
  const list = Array.isArray(value) ? value : [];
  const messages: IncomingMessage[] = [];
  for (const item of list) {
    const message = parseWireMessage(item);
    if (message !== undefined) messages.push(message);
  }
  return { messages, rejected: list.length - messages.length };
}

/** The list inside a response: a bare array, or the first array among `keys`. */
export function listOf(data: unknown, ...keys: string[]): unknown[] {
  if (Array.isArray(data)) return data;
  if (!isObject(data)) return [];
  for (const key of keys) {
    const value = data[key];
    if (Array.isArray(value)) return value;
  }
  return [];
}

/** A conversation of `conversationList`, with its recent messages. */
export interface WireConversation extends ServerConversation {
  readonly recents: readonly IncomingMessage[];
  /** Deleted by this user (on another device): delete it here too. */
  readonly deleted: boolean;
}

export function parseWireConversation(
  value: unknown,
): WireConversation | undefined {
  if (!isObject(value)) return undefined;
  const channelId = str(value.channel_id);
  const channelType = int(value.channel_type);
  if (channelId === undefined || channelId === "" || channelType === undefined)
    return undefined;
  return {
    channel: { channelId, channelType },
    lastMessageSeq: Math.max(
      0,
      int(value.last_msg_seq ?? value.last_message_seq) ?? 0,
    ),
    unread: Math.max(0, int(value.unread) ?? 0),
    timestamp: toMillis(value.timestamp),
    version: int(value.version) ?? 0,
    recents: parseWireMessages(value.recents).messages,
    deleted: flag(value.is_deleted),
  };
}

/** An edited payload: a JSON object, JSON text, or base64 JSON. */
function editedContent(value: unknown): JsonObject | undefined {
  if (typeof value === "string" && value.trimStart().startsWith("{")) {
    try {
      const json: unknown = JSON.parse(value);
      return isObject(json) ? (json as JsonObject) : undefined;
    } catch {
      return undefined;
    }
  }
  return value === undefined || value === null
    ? undefined
    : decodePayload(value);
}

/** One entry of `messageExtraSync`. */
export interface WireExtra {
  readonly messageId: string;
  readonly channel?: ChannelRef;
  readonly readed: boolean;
  readonly readedAt?: number;
  readonly isDeleted: boolean;
  readonly extra: MessageExtra;
}

export function parseWireExtra(value: unknown): WireExtra | undefined {
  if (!isObject(value)) return undefined;
  const messageId = messageIdOf(value);
  if (messageId === undefined) return undefined;
  const channelId = str(value.channel_id);
  const channelType = int(value.channel_type);
  const contentEdit = editedContent(value.content_edit);
  const revoker = str(value.revoker);
  const editedAt =
    value.edited_at == null ? undefined : toMillis(value.edited_at);
  const readedAt =
    value.readed_at == null ? undefined : toMillis(value.readed_at);
  const extra: MessageExtra = {
    readedCount: int(value.readed_count) ?? 0,
    unreadCount: int(value.unread_count) ?? 0,
    revoke: flag(value.revoke),
    isEdit: flag(value.is_edit),
    extraVersion: int(value.extra_version) ?? 0,
    ...(revoker ? { revoker } : {}),
    ...(contentEdit === undefined ? {} : { contentEdit }),
    ...(editedAt ? { editedAt } : {}),
  };
  return {
    messageId,
    ...(channelId !== undefined && channelType !== undefined
      ? { channel: { channelId, channelType } }
      : {}),
    readed: flag(value.readed),
    ...(readedAt ? { readedAt } : {}),
    isDeleted: flag(value.is_deleted),
    extra,
  };
}

/** One reminder of the reminder sync. */
export function parseWireReminder(value: unknown): ReminderRecord | undefined {
  if (!isObject(value)) return undefined;
  const reminderId = int(value.id ?? value.reminder_id);
  const channelId = str(value.channel_id);
  const channelType = int(value.channel_type);
  if (
    reminderId === undefined ||
    channelId === undefined ||
    channelType === undefined
  )
    return undefined;
  return {
    reminderId,
    reminderType: int(value.reminder_type) ?? 0,
    channelId,
    channelType,
    messageSeq: int(value.message_seq) ?? 0,
    text: str(value.text) ?? "",
    done: flag(value.done),
    version: int(value.version) ?? 0,
  };
}
