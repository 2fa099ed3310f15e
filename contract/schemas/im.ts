// TypeBox schemas of the messaging API: WuKongIM's wire shapes (snake_case, §13) for messages,
// conversations, extras and reminders, plus public profiles and the request bodies. The server
// validates with them; the tab derives the profile shapes from them (chatEntry/imUserApi.ts).
import { Type } from "typebox";

const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
const Uid = Type.String({ minLength: 1, maxLength: 128 });
const ChannelTypeField = Type.Integer({
  minimum: 0,
  maximum: 255,
  description: "1 = personal chat, the only type this API serves.",
});
/** A message id as decimal text (exact) or a JSON integer. */
const MessageIdField = Type.Union([
  Type.String({ pattern: "^[0-9]{1,19}$" }),
  Type.Integer({ minimum: 1 }),
]);

export const PublicProfile = Type.Object({
  imId: Type.String({
    description: "The user's IM uid (channel id of a chat with them).",
  }),
  nickname: Type.String(),
  avatarUrl: Type.String(),
  online: Type.Boolean({ description: "Has a live IM connection now." }),
  lastOffline: Type.Integer({
    description:
      "Unix seconds when the last IM connection closed; 0 = never seen.",
  }),
  isService: Flag,
  isMonk: Flag,
});

export const MessageExtra = Type.Object({
  message_id: Type.Integer(),
  message_id_str: Type.String(),
  message_seq: Type.Integer(),
  readed: Flag,
  readed_at: Type.Integer({ description: "Unix seconds; 0 = unread." }),
  readed_count: Type.Integer(),
  unread_count: Type.Integer(),
  revoke: Flag,
  revoker: Type.String(),
  is_edit: Flag,
  edited_at: Type.Integer({ description: "Unix seconds; 0 = never edited." }),
  content_edit: Type.Union([Type.String(), Type.Null()], {
    description: "Edited payload JSON text, or null.",
  }),
  extra_version: Type.Integer(),
});

export const WireMessage = Type.Object({
  header: Type.Object({ no_persist: Flag, red_dot: Flag, sync_once: Flag }),
  setting: Type.Integer({
    description: "Setting byte: receipt 0x80, topic 0x08.",
  }),
  message_id: Type.Integer({
    description: "Below 2^53, so exact as a JSON number.",
  }),
  message_idstr: Type.String(),
  message_seq: Type.Integer(),
  client_seq: Type.Integer(),
  client_msg_no: Type.String(),
  stream_no: Type.String(),
  stream_flag: Type.Integer(),
  from_uid: Type.String(),
  channel_id: Type.String({
    description: "The peer's uid, as the caller sees the chat.",
  }),
  channel_type: Type.Integer(),
  topic: Type.String(),
  expire: Type.Integer(),
  timestamp: Type.Integer({ description: "Unix seconds." }),
  payload: Type.String({ description: "Base64 of the payload JSON (§9)." }),
  revoke: Flag,
  is_deleted: Flag,
  message_extra: Type.Union([MessageExtra, Type.Null()]),
});

export const SendMessageRequest = Type.Object({
  channel_id: Uid,
  channel_type: Type.Optional(ChannelTypeField),
  payload: Type.Union(
    [
      Type.String({ description: "Base64 of the payload JSON." }),
      Type.Object(
        { type: Type.Integer() },
        { additionalProperties: true, description: "The payload JSON itself." },
      ),
    ],
    {
      description:
        "The message content (§9): base64 of its JSON, or the JSON object.",
    },
  ),
  client_msg_no: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 128,
      description:
        "With the sender, the de-duplication key (resending it returns the original).",
    }),
  ),
  header: Type.Optional(
    Type.Object({
      red_dot: Type.Optional(Flag),
      no_persist: Type.Optional(Flag),
      sync_once: Type.Optional(Flag),
    }),
  ),
  setting: Type.Optional(Type.Integer({ minimum: 0, maximum: 255 })),
  expire: Type.Optional(Type.Integer({ minimum: 0 })),
});

export const ServiceSendRequest = Type.Object({
  payload: SendMessageRequest.properties.payload,
  client_msg_no: SendMessageRequest.properties.client_msg_no,
});

export const SentMessage = Type.Object({
  message_id: Type.Integer(),
  message_idstr: Type.String(),
  message_seq: Type.Integer({ description: "0 when not stored (no_persist)." }),
  client_msg_no: Type.String(),
  channel_id: Type.String(),
  channel_type: Type.Integer(),
  timestamp: Type.Integer(),
});

export const VirtualService = Type.Object({
  ...PublicProfile.properties,
  channel_id: Type.String({
    description: "Chat with this uid (channel type 1).",
  }),
  channel_type: Type.Literal(1),
});

export const ChannelRequest = Type.Object({
  channel_id: Uid,
  channel_type: Type.Optional(ChannelTypeField),
});

export const SetUnreadRequest = Type.Object({
  channel_id: Uid,
  channel_type: Type.Optional(ChannelTypeField),
  unread: Type.Optional(
    Type.Integer({
      minimum: 0,
      description: "Unread to leave (default 0: all read).",
    }),
  ),
  message_seq: Type.Optional(
    Type.Integer({
      minimum: 0,
      description:
        "Read up to this seq instead (takes precedence over unread; never moves the read point back). Messages stored after the reader looked stay unread.",
    }),
  ),
});

export const ConversationState = Type.Object({
  channel_id: Type.String(),
  channel_type: Type.Integer(),
  unread: Type.Integer(),
  last_msg_seq: Type.Integer(),
  readed_to_msg_seq: Type.Integer(),
  version: Type.Integer(),
});

export const UnreadCount = Type.Object({
  unread: Type.Integer({ description: "Sum over my visible conversations." }),
});

export const ProfileQuery = Type.Object({ imId: Uid });

export const MessageSyncRequest = Type.Object({
  login_uid: Uid,
  channel_id: Uid,
  channel_type: ChannelTypeField,
  start_message_seq: Type.Optional(Type.Integer({ minimum: 0 })),
  end_message_seq: Type.Optional(Type.Integer({ minimum: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  pull_mode: Type.Optional(
    Type.Union([Type.Literal(0), Type.Literal(1)], {
      description:
        "0 = older: seq ≤ start (0 = newest) and > end; 1 = newer: seq ≥ start and < end (0 = no bound).",
    }),
  ),
});

export const MessageSyncResult = Type.Object({
  start_message_seq: Type.Integer(),
  end_message_seq: Type.Integer(),
  more: Flag,
  messages: Type.Array(WireMessage),
});

export const ConversationListQuery = Type.Object({
  type: Type.Optional(
    Type.Union(
      [Type.Literal("all"), Type.Literal("service"), Type.Literal("monk")],
      {
        description: "Which peers: everyone, service staff, or monks.",
      },
    ),
  ),
  version: Type.Optional(
    Type.Integer({
      minimum: 0,
      description:
        "Only conversations changed after this version (incremental sync; includes deleted ones, is_deleted 1).",
    }),
  ),
  msg_count: Type.Optional(Type.Integer({ minimum: 0, maximum: 20 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
});

export const Conversation = Type.Object({
  channel_id: Type.String(),
  channel_type: Type.Integer(),
  unread: Type.Integer(),
  timestamp: Type.Integer({ description: "Unix seconds of the last message." }),
  last_msg_seq: Type.Integer(),
  last_client_msg_no: Type.String(),
  offset_msg_seq: Type.Integer({
    description:
      "Messages at or below it are hidden for me (conversation deleted).",
  }),
  readed_to_msg_seq: Type.Integer(),
  version: Type.Integer(),
  is_deleted: Flag,
  recents: Type.Array(WireMessage),
  userInfo: Type.Union([PublicProfile, Type.Null()]),
});

export const MessageReadedRequest = Type.Object({
  channel_id: Uid,
  channel_type: ChannelTypeField,
  message_ids: Type.Array(MessageIdField, { minItems: 1, maxItems: 500 }),
});

export const MessageReadedResult = Type.Object({
  updated: Type.Array(Type.String(), {
    description: "Ids newly marked read (receipt messages I received).",
  }),
});

export const ExtraSyncRequest = Type.Object({
  channel_id: Uid,
  channel_type: ChannelTypeField,
  extra_version: Type.Integer({ minimum: 0 }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  login_uid: Type.Optional(Uid),
  source: Type.Optional(Type.String()),
});

export const RevokeRequest = Type.Object({
  channel_id: Uid,
  channel_type: ChannelTypeField,
  message_id: MessageIdField,
  client_msg_no: Type.Optional(Type.String()),
});

export const Reminder = Type.Object({
  id: Type.Integer({ description: "reminderID." }),
  reminder_type: Type.Integer({
    description: "1 mention me, 2 apply to join group, 101 sign agreement.",
  }),
  channel_id: Type.String(),
  channel_type: Type.Integer(),
  uid: Type.String(),
  text: Type.String(),
  data: Type.Unknown({ description: "Reminder-specific JSON, or null." }),
  message_id: Type.String(),
  message_seq: Type.Integer(),
  client_msg_no: Type.String(),
  is_locate: Flag,
  version: Type.Integer(),
  done: Flag,
});

export const ReminderSyncRequest = Type.Object({
  version: Type.Integer({ minimum: 0 }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  channel_ids: Type.Optional(Type.Array(Uid, { maxItems: 500 })),
});

export const ReminderDoneRequest = Type.Object({
  ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 500 }),
});
