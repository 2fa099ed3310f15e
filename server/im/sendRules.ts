// What a SEND (or an HTTP send) may carry, decided without I/O: the channel kind and the payload
// rules. Each refusal names the reason code the SENDACK (or HTTP error) reports (§11).
import { randomUUID } from "node:crypto";
import {
  ChannelType,
  ContentType,
  ReasonCode,
  SYSTEM_UID,
  SettingBit,
  isServerOnlyContentType,
} from "#protocol";
import { hasVisibleCharacter } from "#contract";

/**
 * Content rules HTTP sends answer with their own reason: a content type only the server sends
 * (MESSAGE_TYPE_RESERVED), an image not stored here (MESSAGE_IMAGE_URL_REFUSED), a text that
 * shows nothing (MESSAGE_TEXT_EMPTY).
 */
export type SendRuleRefusal = "server_only_type" | "image_url" | "blank_text";

/** A refusal: the SENDACK reason and a description for logs and HTTP errors. */
export interface SendRefusal {
  ok: false;
  reason: ReasonCode;
  detail: string;
  /** Which content rule refused it, when HTTP answers it with its own reason. */
  refusal?: SendRuleRefusal;
}

export type ChannelKind =
  { ok: true; kind: "personal" } | { ok: true; kind: "data" } | SendRefusal;

/** The sent payload, validated: its JSON text and content `type`. */
export type PayloadCheck =
  { ok: true; text: string; contentType: number } | SendRefusal;

const MAX_CHANNEL_ID_LENGTH = 128;
const MAX_INT4 = 2_147_483_647;
const NUL = "\u0000";
/** clientMsgNo and topic are echoed in every RECV; the SDK's clientMsgNo has 33–40 characters. */
const MAX_TAG_LENGTH = 128;
const utf8 = new TextDecoder("utf-8", { fatal: true });

function refuse(reason: ReasonCode, detail: string): SendRefusal {
  return { ok: false, reason, detail };
}

/**
 * Personal channels (type 1) go to another user (existence is checked by the engine); every other
 * type is refused (23), data channels (type 7) included: no feature uses them and, keyed only by
 * name, they were an open pub/sub (#19).
 */
export function classifyChannel(
  fromUid: string,
  channelId: string,
  channelType: number,
): ChannelKind {
  if (
    channelId === "" ||
    channelId.length > MAX_CHANNEL_ID_LENGTH ||
    channelId.includes(NUL)
  )
    return refuse(
      ReasonCode.CHANNEL_ID_ERROR,
      "channel id is empty, too long or has a NUL character",
    );
  if (channelType === ChannelType.PERSON) {
    if (channelId === fromUid)
      return refuse(
        ReasonCode.CHANNEL_ID_ERROR,
        "a personal channel needs another user",
      );
    return { ok: true, kind: "personal" };
  }
  return refuse(
    ReasonCode.NOT_SUPPORT_CHANNEL_TYPE,
    `channel type ${channelType} is not supported (only 1, personal)`,
  );
}

/** clientMsgNo (the de-duplication key) and topic: at most 128 characters (else 11 notAllowSend). */
export function checkTags(
  clientMsgNo: string,
  topic: string | undefined,
): SendRefusal | null {
  if (clientMsgNo.length > MAX_TAG_LENGTH)
    return refuse(
      ReasonCode.NOT_ALLOW_SEND,
      "clientMsgNo is longer than 128 characters",
    );
  if (topic !== undefined && topic.length > MAX_TAG_LENGTH)
    return refuse(
      ReasonCode.NOT_ALLOW_SEND,
      "topic is longer than 128 characters",
    );
  // NOTE: PostgreSQL text cannot hold U+0000 (the wire's strict UTF-8 allows it).
  if (clientMsgNo.includes(NUL) || topic?.includes(NUL) === true)
    return refuse(
      ReasonCode.NOT_ALLOW_SEND,
      "clientMsgNo or topic has a NUL character",
    );
  return null;
}

/**
 * clientSeq and expire are u32 on the wire but stored as int4: above 2^31 − 1 they are refused
 * (11 notAllowSend) rather than wrapped or clamped.
 */
export function checkCounters(
  clientSeq: number,
  expire: number,
): SendRefusal | null {
  if (clientSeq > MAX_INT4 || expire > MAX_INT4)
    return refuse(
      ReasonCode.NOT_ALLOW_SEND,
      `clientSeq and expire must be at most ${MAX_INT4}`,
    );
  return null;
}

/**
 * The decrypted payload must be at most `maxBytes` (else 11 notAllowSend) of UTF-8 JSON holding an
 * object with an integer `type` (§9; else 9 payloadDecodeError).
 */
export function checkPayload(
  bytes: Uint8Array,
  maxBytes: number,
): PayloadCheck {
  if (bytes.length > maxBytes)
    return refuse(
      ReasonCode.NOT_ALLOW_SEND,
      `payload of ${bytes.length} bytes; the limit is ${maxBytes}`,
    );
  let text: string;
  let json: unknown;
  try {
    text = utf8.decode(bytes);
    json = JSON.parse(text);
  } catch {
    return refuse(ReasonCode.PAYLOAD_DECODE_ERROR, "payload is not UTF-8 JSON");
  }
  if (typeof json !== "object" || json === null || Array.isArray(json))
    return refuse(
      ReasonCode.PAYLOAD_DECODE_ERROR,
      "payload JSON is not an object",
    );
  const type = (json as { type?: unknown }).type;
  if (typeof type !== "number" || !Number.isSafeInteger(type))
    return refuse(
      ReasonCode.PAYLOAD_DECODE_ERROR,
      "payload JSON has no integer `type`",
    );
  return { ok: true, text, contentType: type };
}

/**
 * Commands, streams and system notices are the server's alone: from anyone but {@link SYSTEM_UID}
 * they are refused (11 notAllowSend), so no user can put a grey "order paid" notice or a command
 * into another user's chat (#19). Users never send as SYSTEM_UID: no account has that uid.
 */
export function checkSender(
  fromUid: string,
  contentType: number,
): SendRefusal | null {
  if (fromUid !== SYSTEM_UID && isServerOnlyContentType(contentType))
    return {
      ...refuse(
        ReasonCode.NOT_ALLOW_SEND,
        `content type ${contentType} is sent only by the server`,
      ),
      refusal: "server_only_type",
    };
  return null;
}

/**
 * A text message (type 1) must show something: its `content` is a string with a visible character
 * (not only spaces, zero-width characters or lone combining marks), else 11 notAllowSend (#19).
 */
export function checkTextShows(
  contentType: number,
  payloadText: string,
): SendRefusal | null {
  if (contentType !== ContentType.TEXT) return null;
  const { content } = JSON.parse(payloadText) as { content?: unknown };
  if (typeof content === "string" && hasVisibleCharacter(content)) return null;
  return {
    ...refuse(
      ReasonCode.NOT_ALLOW_SEND,
      "a text message needs content with a visible character",
    ),
    refusal: "blank_text",
  };
}

/** A send request that passed every check: its channel kind, payload and clientMsgNo. */
export interface CheckedSend {
  ok: true;
  kind: "personal" | "data";
  payload: { text: string; contentType: number };
  /** The request's, or a new one when it had none. */
  clientMsgNo: string;
}

const STREAM_BITS = SettingBit.STREAM | SettingBit.LEGACY_STREAM;

/**
 * Every check of a send that needs no I/O, in the order the SENDACK reasons are decided (the
 * recipient's existence is the engine's): channel, tags and counters, no streams, the payload.
 */
export function checkSend(
  request: {
    fromUid: string;
    channelId: string;
    channelType: number;
    payload: Uint8Array;
    clientMsgNo?: string | undefined;
    clientSeq?: number | undefined;
    setting?: number | undefined;
    topic?: string | undefined;
    expire?: number | undefined;
  },
  maxPayloadBytes: number,
): CheckedSend | SendRefusal {
  const kind = classifyChannel(
    request.fromUid,
    request.channelId,
    request.channelType,
  );
  if (!kind.ok) return kind;
  const tags =
    checkTags(request.clientMsgNo ?? "", request.topic) ??
    checkCounters(request.clientSeq ?? 0, request.expire ?? 0);
  if (tags !== null) return tags;
  if (((request.setting ?? 0) & STREAM_BITS) !== 0)
    return refuse(
      ReasonCode.NOT_SUPPORT_HEADER,
      "stream messages are not supported",
    );
  const payload = checkPayload(request.payload, maxPayloadBytes);
  if (!payload.ok) return payload;
  const reserved =
    checkSender(request.fromUid, payload.contentType) ??
    checkTextShows(payload.contentType, payload.text);
  if (reserved !== null) return reserved;
  const clientMsgNo =
    request.clientMsgNo === undefined || request.clientMsgNo === ""
      ? randomUUID().replaceAll("-", "")
      : request.clientMsgNo;
  return {
    ok: true,
    kind: kind.kind,
    payload: { text: payload.text, contentType: payload.contentType },
    clientMsgNo,
  };
}
