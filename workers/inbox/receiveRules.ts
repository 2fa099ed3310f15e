// What an incoming message does (spec §4 "Incoming messages"): command messages go to listeners only;
// others update their conversation — moved to the top unless their content type is no-update, unread
// only for RedDot messages from someone else while no visible tab shows the conversation; an own
// message (sent from another device) marks the thread read up to it.
import { isFromSystem } from "#protocol";
import type { ChannelRef } from "../../src/db/channelKey";
import type { ConversationRecord } from "../../src/db/entities/ConversationRecord";
import type { MessageRecord } from "../../src/db/entities/MessageRecord";
import { advanceReadTo, noteOwnSeq, noteSeq } from "./unread";

/** Content type of command messages (protocol §9): delivered to command listeners, never stored. */
export const COMMAND_CONTENT_TYPE = 99;

/**
 * Content types that do not move their conversation to the top nor become its preview (spec §5).
 * NOTE: WuKongIM leaves the list to the app; ours are the non-chat types of protocol §9:
 * 98 stream chunks and 21000 signal messages.
 */
export const DEFAULT_NO_UPDATE_CONTENT_TYPES: ReadonlySet<number> = new Set([
  98, 21000,
]);

/** What the rules need to know about the session. */
export interface ReceiveContext {
  readonly selfUid: string;
  /** channelKeys shown by at least one visible tab (see tabViews.ts `visibleChannels`). */
  readonly visibleChannels: ReadonlySet<string>;
  readonly noUpdateContentTypes: ReadonlySet<number>;
}

/** The message fields the rules look at. */
export type RuleMessage = Pick<
  MessageRecord,
  | "clientMsgNo"
  | "channelId"
  | "channelType"
  | "fromUid"
  | "timestamp"
  | "contentType"
  | "redDot"
> & { readonly messageSeq?: number };

/** True for command messages (type 99). */
export function isCommand(
  message: Pick<MessageRecord, "contentType">,
): boolean {
  return message.contentType === COMMAND_CONTENT_TYPE;
}

/**
 * The chat a command concerns, or null when it must be ignored: only the server's own sender
 * (isFromSystem) gives commands, so one a person sent (straight to WuKongIM, which does not check
 * content types) does nothing (#19). The chat rides in the payload (`channel_id`, `channel_type`),
 * since WuKongIM files a personal message under its sender; without them, the message's channel.
 */
export function trustedCommandChannel(message: {
  readonly fromUid: string;
  readonly channelId: string;
  readonly channelType: number;
  readonly content: { readonly [key: string]: unknown };
}): ChannelRef | null {
  if (!isFromSystem(message.fromUid)) return null;
  const { channel_id: id, channel_type: type } = message.content;
  if (typeof id === "string" && id !== "" && Number.isInteger(type))
    return { channelId: id, channelType: type as number };
  return { channelId: message.channelId, channelType: message.channelType };
}

/** Whether a message may raise unread at all: RedDot and from someone else. */
export function countsAsUnread(
  message: Pick<MessageRecord, "redDot" | "fromUid">,
  selfUid: string,
): boolean {
  return message.redDot && message.fromUid !== selfUid;
}

/** An empty conversation row for a channel. */
export function emptyConversation(
  channelId: string,
  channelType: number,
): ConversationRecord {
  return {
    channelId,
    channelType,
    timestamp: 0,
    lastMessageSeq: 0,
    readToSeq: 0,
    uncountedSeqs: [],
    unread: 0,
    version: 0,
  };
}

/**
 * Applies new (non-command) messages of ONE channel to its conversation. Returns `undefined` when the
 * conversation did not exist and no message may create it (only no-update types).
 */
export function applyToConversation(
  conversation: ConversationRecord | undefined,
  channelKey: string,
  messages: readonly RuleMessage[],
  context: ReceiveContext,
): ConversationRecord | undefined {
  const first = messages[0];
  if (first === undefined) return conversation;
  const moving = messages.filter(
    (m) => !context.noUpdateContentTypes.has(m.contentType),
  );
  if (conversation === undefined && moving.length === 0) return undefined;
  let next =
    conversation ?? emptyConversation(first.channelId, first.channelType);
  // NOTE: the preview follows the channel's order (messageSeq), not clocks: an own message carries
  // the device's millisecond time, a received one the server's whole second, so a reply within the
  // same second would otherwise lose to the message it answers. A stored message newer than every
  // seq known before this batch becomes the preview; one without a seq falls back to its time.
  let previewTop = next.lastMessageSeq;
  const bySeq = [...messages].sort(
    (a, b) => (a.messageSeq ?? 0) - (b.messageSeq ?? 0),
  );
  for (const message of bySeq) {
    const seq = message.messageSeq ?? 0;
    next =
      message.fromUid === context.selfUid
        ? noteOwnSeq(next, seq)
        : noteSeq(next, seq, countsAsUnread(message, context.selfUid));
  }
  for (const message of moving) {
    const seq = message.messageSeq ?? 0;
    const newest =
      seq > 0 ? seq >= previewTop : message.timestamp >= next.timestamp;
    if (newest) {
      previewTop = Math.max(previewTop, seq);
      next = {
        ...next,
        timestamp: Math.max(next.timestamp, message.timestamp),
        lastClientMsgNo: message.clientMsgNo,
      };
    }
  }
  if (context.visibleChannels.has(channelKey))
    next = advanceReadTo(next, next.lastMessageSeq);
  return next;
}
