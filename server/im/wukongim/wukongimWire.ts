// The JSON shapes WuKongIM v2.2.5 answers with (HTTP API and webhooks), as zod schemas read off its
// Go source (internal/types/message.go MessageResp, internal/api/conversation_model.go,
// channel_model.go syncMessageResp, user.go OnlinestatusResp, internal/types/webhook.go) and
// checked against the real binary (tests/server/im/wukongim). Field names stay WuKongIM's
// snake_case so each one can be found in its source; two things change on the way in:
// - int64s (`message_id`, conversation `version`) become bigints: message ids are snowflakes
//   around 2.1e18, past 2^53 (parse the text with losslessJson.ts first);
// - Go's nil slices arrive as `null` and become empty arrays / empty strings.
// Stream-message extras (end, end_reason, error, stream_data, event_meta, event_sync_hint) are
// dropped: the messenger does not send stream messages.
import { z } from "zod";

/** An int64 that parseJsonLossless left as a number (safe) or a decimal string (unsafe). */
export const int64 = z
  .union([z.number().int(), z.string().regex(/^-?\d+$/)])
  .transform((value) => BigInt(value));

const int = z.number().int();

/** A Go slice: `null` when nil, read as an empty array. */
function goSlice<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .nullable()
    .transform((rows) => rows ?? []);
}
/** Go `[]byte` → base64 text; a nil slice is `null`. */
const bytes = z
  .string()
  .nullable()
  .transform((value) => value ?? "");

/** MessageResp: a stored or sent message as WuKongIM reports it. */
export const wukongimMessageSchema = z.object({
  header: z.object({ no_persist: int, red_dot: int, sync_once: int }),
  setting: int,
  /** Exact when the text was parsed with parseJsonLossless; `message_idstr` has the same digits. */
  message_id: int64,
  message_idstr: z.string(),
  client_msg_no: z.string(),
  /** 0 for a message that was not stored. */
  message_seq: int,
  /** "" for a message sent as the system uid. */
  from_uid: z.string(),
  /**
   * For a personal message: the RECIPIENT's uid, whoever asks (messagesync, conversation recents,
   * msg.notify). The viewer who received it sees their own uid here.
   */
  channel_id: z.string(),
  channel_type: int,
  topic: z.string().optional(),
  expire: int,
  /** Unix seconds. */
  timestamp: int,
  /** Base64 of the payload bytes. */
  payload: bytes,
});
export type WukongImMessage = z.output<typeof wukongimMessageSchema>;

/** /message/send answer `data`. */
export const sentMessageSchema = z.object({
  message_id: int64,
  client_msg_no: z.string(),
});
export type WukongImSentMessage = z.output<typeof sentMessageSchema>;

/** /user/onlinestatus answer: one row per connection (a user on two web tabs appears twice). */
export const onlineDevicesSchema = goSlice(
  z.object({ uid: z.string(), device_flag: int, online: int }),
);
export type WukongImOnlineDevice = z.output<typeof onlineDevicesSchema>[number];

/** /conversation/sync row. */
export const conversationSchema = z.object({
  /** The peer's uid for a personal chat, as the viewer sees it (unlike the recents). */
  channel_id: z.string(),
  channel_type: int,
  unread: int,
  /** Unix seconds of the last message. */
  timestamp: int,
  last_msg_seq: int,
  last_client_msg_no: z.string(),
  offset_msg_seq: int,
  readed_to_msg_seq: int,
  /** Nanoseconds (the last message's second × 1e9 when msg_count > 0). */
  version: int64,
  /** Newest first. Personal messages carry the recipient's uid as channel_id. */
  recents: goSlice(wukongimMessageSchema),
});
export type WukongImConversation = z.output<typeof conversationSchema>;

export const conversationsSchema = goSlice(conversationSchema);

/** /channel/messagesync answer. */
export const channelMessagesSchema = z.object({
  start_message_seq: int,
  end_message_seq: int,
  /** 1 when `limit` messages came back (there may be more), else 0. */
  more: int,
  /** Ascending by message_seq. */
  messages: goSlice(wukongimMessageSchema),
});
export type WukongImChannelMessages = z.output<typeof channelMessagesSchema>;

/** The envelope of answers without data: `{"status":200}`; other statuses are refusals. */
export const statusSchema = z.object({
  status: z.union([int, z.string()]),
  msg: z.string().optional(),
});
