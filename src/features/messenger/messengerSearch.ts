// The search params of /destiny (checks from router/searchValues.ts): the open conversation (`chat` = channel id,
// `type` = channel type, 1 when absent) and the list filter. Bad values are dropped, never an error.
import type { ChannelRef } from "../../db/channelKey";
import { intIn, oneOf, textOf } from "../../router/searchValues";

export const CONVERSATION_FILTERS = ["all", "service", "monk"] as const;
export type ConversationFilter = (typeof CONVERSATION_FILTERS)[number];

/** The default channel type: a one-to-one chat (product spec §9). */
export const PERSON_CHANNEL = 1;

export interface MessengerSearch {
  chat?: string | undefined;
  type?: number | undefined;
  filter?: ConversationFilter | undefined;
}

// NOTE: TanStack Router JSON-parses search values, so an all-digit channel id arrives as a number.

export function validateMessengerSearch(
  search: Record<string, unknown>,
): MessengerSearch {
  const chat = textOf(search.chat, 1, 256);
  const type = intIn(search.type, 1, 255);
  const filter = oneOf(CONVERSATION_FILTERS, search.filter);
  return {
    chat,
    type: chat === undefined || type === PERSON_CHANNEL ? undefined : type,
    filter: filter === "all" ? undefined : filter,
  };
}

/** The conversation the search opens, if any. */
export function openChannelOf(search: MessengerSearch): ChannelRef | null {
  if (search.chat === undefined) return null;
  return { channelId: search.chat, channelType: search.type ?? PERSON_CHANNEL };
}

/** Search params that open `channel` (keeping the list filter). */
export function searchForChannel(
  channel: ChannelRef,
  filter?: ConversationFilter,
): MessengerSearch {
  return {
    chat: channel.channelId,
    type:
      channel.channelType === PERSON_CHANNEL ? undefined : channel.channelType,
    filter: filter === "all" ? undefined : filter,
  };
}
