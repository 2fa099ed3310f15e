// Sending over HTTP: the request's payload (base64 or JSON object) to bytes, the engine's refusal
// reasons to HTTP errors, and the wire shape of a sent message.
import type { Static } from "typebox";
import {
  ReasonCode,
  base64Decode,
  encodeUtf8,
  reasonCodeName,
} from "#protocol";
import { HttpError } from "../../http/errors";
import { forbidden } from "./channelAccess";
import type { ImSendResult } from "./ImEngine";
import type { SentMessage } from "#contract/schemas";

/** Refusals about the channel: the caller is not a party of it (403). */
const CHANNEL_REFUSALS: ReadonlySet<number> = new Set([
  ReasonCode.CHANNEL_NOT_EXIST,
  ReasonCode.CHANNEL_ID_ERROR,
  ReasonCode.NOT_SUPPORT_CHANNEL_TYPE,
  ReasonCode.SUBSCRIBER_NOT_EXIST,
]);

/** The payload JSON as bytes: decoded from base64 text, or serialized from an object. */
export function payloadBytes(
  payload: string | Record<string, unknown>,
): Uint8Array {
  if (typeof payload !== "string") return encodeUtf8(JSON.stringify(payload));
  try {
    return base64Decode(payload);
  } catch {
    throw new HttpError(
      "INVALID_FIELD",
      "body/payload is not standard base64",
      { params: { field: "payload" } },
    );
  }
}

/** The sent message, or the HTTP error its refusal maps to (403 channel, 400 content, 503). */
export function sentOrThrow(
  result: ImSendResult,
  channelId: string,
  channelType: number,
): Static<typeof SentMessage> {
  if (result.ok) {
    return {
      message_id: Number(result.messageId),
      message_idstr: result.messageId.toString(),
      message_seq: result.messageSeq,
      client_msg_no: result.clientMsgNo,
      channel_id: channelId,
      channel_type: channelType,
      timestamp: result.timestamp,
    };
  }
  const msg = `${reasonCodeName(result.reason)}: ${result.detail}`;
  if (CHANNEL_REFUSALS.has(result.reason)) throw forbidden(msg);
  if (result.refusal === "server_only_type")
    throw new HttpError("MESSAGE_TYPE_RESERVED", msg);
  if (result.refusal === "image_url")
    throw new HttpError("MESSAGE_IMAGE_URL_REFUSED", msg);
  if (result.refusal === "blank_text")
    throw new HttpError("MESSAGE_TEXT_EMPTY", msg);
  if (result.reason === ReasonCode.SYSTEM_ERROR)
    throw new HttpError("MESSAGING_UNAVAILABLE", msg);
  throw new HttpError("MESSAGE_REFUSED", msg, {
    params: { code: reasonCodeName(result.reason) },
  });
}
