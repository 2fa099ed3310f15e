// The messaging REST endpoints the worker calls (spec §7, protocol §13 shapes in the app envelope),
// one function each: paths, request bodies and response parsing live here and nowhere else.
import type { ChannelRef } from "../../src/db/channelKey";
import type { ChannelInfoRecord } from "../../src/db/entities/ChannelInfoRecord";
import type { ReminderRecord } from "../../src/db/entities/ReminderRecord";
import type { IncomingMessage } from "../store/incomingRepo";
import type { ImHttp } from "./ImHttp";
import {
  isObject,
  listOf,
  parseWireConversation,
  parseWireExtra,
  parseWireMessages,
  parseWireReminder,
  type WireConversation,
  type WireExtra,
} from "./wire";

/** messageSync `pull_mode`: 0 older (down from start), 1 newer (up from start) (§13). */
export const PullMode = { DOWN: 0, UP: 1 } as const;
/** Recent messages asked per conversation in the conversation list (the server's maximum). */
export const CONVERSATION_RECENTS = 20;
/**
 * Conversations per list call (the server's maximum). NOTE: the list is ordered by time, not
 * version, so it is fetched in one call; a user with more changed conversations than this since
 * the last sync gets the rest at the next sync after a new message moves them.
 */
export const CONVERSATION_LIST_LIMIT = 1000;
/** Most message extras per messageExtraSync call (spec §9). */
export const EXTRA_SYNC_LIMIT = 100;
/** Most reminders per sync call (oldest version first, so a full page means "ask again"). */
export const REMINDER_SYNC_LIMIT = 200;

const ch = (channel: ChannelRef) => ({
  channel_id: channel.channelId,
  channel_type: channel.channelType,
});

/** One page of messageSync. */
export interface MessagePage {
  readonly messages: readonly IncomingMessage[];
  /** The server has more in the asked direction. */
  readonly more: boolean;
}

/**
 * `POST wuKong/v1/messageSync`: up to `limit` messages of `channel`. pull_mode 1 (UP) returns seqs
 * from `startSeq` upwards, below `endSeq` (0: no bound); pull_mode 0 (DOWN) returns seqs from
 * `startSeq` downwards, above `endSeq`.
 */
export async function syncMessages(
  http: ImHttp,
  args: {
    readonly uid: string;
    readonly channel: ChannelRef;
    readonly startSeq: number;
    readonly endSeq: number;
    readonly limit: number;
    readonly pullMode: (typeof PullMode)[keyof typeof PullMode];
  },
): Promise<MessagePage> {
  const data = await http.request<unknown>("wuKong/v1/messageSync", {
    method: "POST",
    body: {
      login_uid: args.uid,
      ...ch(args.channel),
      start_message_seq: args.startSeq,
      end_message_seq: args.endSeq,
      limit: args.limit,
      pull_mode: args.pullMode,
    },
  });
  const { messages } = parseWireMessages(listOf(data, "messages"));
  const more = isObject(data) && (data.more === 1 || data.more === true);
  return { messages, more };
}

/** `GET wuKong/v1/conversationList`: conversations changed since `version`, with recent messages. */
export async function fetchConversations(
  http: ImHttp,
  version: number,
): Promise<WireConversation[]> {
  const data = await http.request<unknown>("wuKong/v1/conversationList", {
    query: {
      version,
      msg_count: CONVERSATION_RECENTS,
      limit: CONVERSATION_LIST_LIMIT,
    },
  });
  const list: WireConversation[] = [];
  for (const item of listOf(data, "conversations", "list")) {
    const conversation = parseWireConversation(item);
    if (conversation !== undefined) list.push(conversation);
  }
  return list;
}

/** `POST wuKong/v1/messageExtraSync`: extras of `channel` changed after `version`, oldest first. */
export async function syncExtras(
  http: ImHttp,
  args: {
    readonly uid: string;
    readonly channel: ChannelRef;
    readonly version: number;
  },
): Promise<WireExtra[]> {
  const data = await http.request<unknown>("wuKong/v1/messageExtraSync", {
    method: "POST",
    body: {
      login_uid: args.uid,
      ...ch(args.channel),
      extra_version: args.version,
      limit: EXTRA_SYNC_LIMIT,
    },
  });
  const list: WireExtra[] = [];
  for (const item of listOf(data, "extras", "list")) {
    const extra = parseWireExtra(item);
    if (extra !== undefined) list.push(extra);
  }
  return list;
}

/** `POST wuKong/v1/reminders/sync`: reminders changed after `version`. */
export async function syncReminders(
  http: ImHttp,
  version: number,
): Promise<ReminderRecord[]> {
  const data = await http.request<unknown>("wuKong/v1/reminders/sync", {
    method: "POST",
    body: { version, limit: REMINDER_SYNC_LIMIT },
  });
  const list: ReminderRecord[] = [];
  for (const item of listOf(data, "reminders", "list")) {
    const reminder = parseWireReminder(item);
    if (reminder !== undefined) list.push(reminder);
  }
  return list;
}

/** `POST wuKong/v1/reminders/done`. */
export async function remindersDone(
  http: ImHttp,
  ids: readonly number[],
): Promise<void> {
  await http.request("wuKong/v1/reminders/done", {
    method: "POST",
    body: { ids },
  });
}

/** `POST wuKong/v1/messageReaded`: read receipts of one channel. */
export async function sendReadReceipts(
  http: ImHttp,
  channel: ChannelRef,
  messageIds: readonly string[],
): Promise<void> {
  await http.request("wuKong/v1/messageReaded", {
    method: "POST",
    body: { ...ch(channel), message_ids: messageIds },
  });
}

/**
 * `POST wuKong/v1/conversations/setUnread` with `message_seq`: read up to `seq` on the server. Unlike
 * `unread: 0`, messages the server stored after `seq` (not shown here yet) stay unread.
 */
export async function setServerReadTo(
  http: ImHttp,
  channel: ChannelRef,
  seq: number,
): Promise<void> {
  await http.request("wuKong/v1/conversations/setUnread", {
    method: "POST",
    body: { ...ch(channel), message_seq: seq },
  });
}

/** `POST wuKong/v1/conversations/delete`. */
export async function deleteServerConversation(
  http: ImHttp,
  channel: ChannelRef,
): Promise<void> {
  await http.request("wuKong/v1/conversations/delete", {
    method: "POST",
    body: ch(channel),
  });
}

/** Only person channels have a profile to fetch. */
export const PERSON_CHANNEL = 1;

/** The orgData of a person channel: which kind of account it is. */
export interface PersonRole {
  readonly isService: 0 | 1;
  readonly isMonk: 0 | 1;
}

const flag = (value: unknown): 0 | 1 => (value === 1 || value === true ? 1 : 0);

/** `user/v1/infoByIm`'s data as a channelInfo row, or undefined when it is not one. */
export function toChannelInfo(
  data: unknown,
  channelId: string,
  now: number,
): ChannelInfoRecord | undefined {
  if (!isObject(data) || typeof data.nickname !== "string") return undefined;
  const role: PersonRole = {
    isService: flag(data.isService),
    isMonk: flag(data.isMonk),
  };
  return {
    channelId,
    channelType: PERSON_CHANNEL,
    title: data.nickname,
    logo: typeof data.avatarUrl === "string" ? data.avatarUrl : "",
    mute: false,
    top: false,
    online: data.online === true,
    lastOffline:
      typeof data.lastOffline === "number" && Number.isFinite(data.lastOffline)
        ? data.lastOffline
        : 0,
    orgData: { ...role },
    fetchedAt: now,
  };
}

/** `user/v1/infoByIm`: a person channel's profile as a channelInfo row fetched `now`. */
export async function fetchChannelInfo(
  http: ImHttp,
  channelId: string,
  now: number,
): Promise<ChannelInfoRecord> {
  const data = await http.request<unknown>("user/v1/infoByIm", {
    query: { imId: channelId },
  });
  const row = toChannelInfo(data, channelId, now);
  if (row === undefined)
    throw new Error(`user/v1/infoByIm answered no profile for ${channelId}`);
  return row;
}
