// Reads of the conversation list from the IM database (the worker writes it; tabs only read): rows
// newest first, each with its last message, and the list filter by the peer's role.
import { Dexie } from "dexie";
import type { AppDb } from "../../db/AppDb";
import type { ConversationRecord } from "../../db/entities/ConversationRecord";
import type { MessageRecord } from "../../db/entities/MessageRecord";
import type { ImProfile } from "../chatEntry/imUserApi";
import { PERSON_CHANNEL, type ConversationFilter } from "./messengerSearch";

export interface ConversationItem {
  readonly conversation: ConversationRecord;
  /** The message the row previews, if one is stored. */
  readonly last: MessageRecord | undefined;
}

/** The peers of a list's person conversations, whose profiles the list shows. */
export function personChannelIds(items: readonly ConversationItem[]): string[] {
  return items
    .filter((item) => item.conversation.channelType === PERSON_CHANNEL)
    .map((item) => item.conversation.channelId);
}

/** Every conversation, most recent first, with its preview message. One read transaction. */
export async function loadConversationItems(
  db: AppDb,
): Promise<ConversationItem[]> {
  return db.transaction("r", [db.conversations, db.messages], async () => {
    const conversations = await db.conversations
      .orderBy("timestamp")
      .reverse()
      .toArray();
    const named = await db.messages.bulkGet(
      conversations.map((c) => c.lastClientMsgNo ?? ""),
    );
    return Promise.all(
      conversations.map(async (conversation, i) => {
        const preview = named[i];
        if (preview !== undefined && !preview.isDeleted)
          return { conversation, last: preview };
        // NOTE: a conversation from the server's list may name no local message: take the newest stored.
        const { channelId, channelType } = conversation;
        const newest = await db.messages
          .where("[channelId+channelType+messageSeq]")
          .between(
            [channelId, channelType, 1],
            [channelId, channelType, Dexie.maxKey],
          )
          .last();
        return { conversation, last: newest };
      }),
    );
  });
}

/** Which rows a filter keeps: service staff or monks (by the peer's profile; unknown ones only under "all"). */
export function filterConversations(
  items: readonly ConversationItem[],
  filter: ConversationFilter,
  profileOf: (channelId: string, channelType: number) => ImProfile | null,
): ConversationItem[] {
  if (filter === "all") return [...items];
  return items.filter(({ conversation }) => {
    const profile = profileOf(conversation.channelId, conversation.channelType);
    if (profile === null) return false;
    return filter === "service"
      ? profile.isService === 1
      : profile.isMonk === 1;
  });
}

/** Unread per filter, for the filter buttons. */
export function unreadByFilter(
  items: readonly ConversationItem[],
  profileOf: (channelId: string, channelType: number) => ImProfile | null,
): Record<ConversationFilter, number> {
  const counts = { all: 0, service: 0, monk: 0 };
  for (const { conversation } of items) {
    const unread = Math.max(0, conversation.unread);
    counts.all += unread;
    const profile = profileOf(conversation.channelId, conversation.channelType);
    if (profile?.isService === 1) counts.service += unread;
    if (profile?.isMonk === 1) counts.monk += unread;
  }
  return counts;
}
