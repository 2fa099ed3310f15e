// A message as WuKongIM reports it (messagesync, msg.notify, msg.offline) → the row our mirror
// stores (messageMirror.ts). Pure. A personal message's channel_id is its recipient whoever asks,
// so sender and recipient come straight from from_uid and channel_id. WuKongIM v2.2.5 reports
// red_dot 0 for every stored message it reads back, whatever was sent (measured), so a message is
// mirrored with the red dot unless it is a command; a send of ours without it clears it after.
import { base64Decode, ContentType, HeaderFlag } from "#protocol";
import type { MirroredMessage } from "./messageMirror";
import type { WukongImMessage } from "./wukongimWire";

const utf8 = new TextDecoder("utf-8", { fatal: false });

/** The payload's `type`, or 0 when the payload is not a JSON object with an integer type. */
export function contentTypeOf(payloadText: string): number {
  try {
    const parsed: unknown = JSON.parse(payloadText);
    if (typeof parsed === "object" && parsed !== null && "type" in parsed) {
      const { type } = parsed;
      if (typeof type === "number" && Number.isInteger(type)) return type;
    }
  } catch {
    // Not JSON: stored as it came, with no content type.
  }
  return 0;
}

export function toMirrored(message: WukongImMessage): MirroredMessage {
  const payload = utf8.decode(base64Decode(message.payload));
  const contentType = contentTypeOf(payload);
  return {
    messageId: message.message_id,
    messageSeq: message.message_seq,
    clientMsgNo: message.client_msg_no,
    fromUid: message.from_uid,
    toUid: message.channel_id,
    channelType: message.channel_type,
    header:
      (contentType === ContentType.CMD ? 0 : HeaderFlag.RED_DOT) |
      (message.header.sync_once === 1 ? HeaderFlag.SYNC_ONCE : 0),
    setting: message.setting,
    expire: message.expire,
    topic:
      message.topic === undefined || message.topic === ""
        ? null
        : message.topic,
    timestamp: message.timestamp,
    payload,
    contentType,
  };
}
