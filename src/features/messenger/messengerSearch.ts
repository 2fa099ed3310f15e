// The search params of /destiny, checked with zod: the open conversation (`chat` = channel id,
// `type` = channel type, 1 when absent) and the list filter. Bad values are dropped, never an error.
import * as z from "zod/mini";
import type { ChannelRef } from "../../db/channelKey";

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
const chatSchema = z.catch(
  z.optional(
    z
      .pipe(
        z.union([z.string(), z.number()]),
        z.transform((value) => String(value)),
      )
      .check(z.minLength(1), z.maxLength(256)),
  ),
  undefined,
);
const typeSchema = z.catch(
  z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(255))),
  undefined,
);
const filterSchema = z.catch(
  z.optional(z.enum(CONVERSATION_FILTERS)),
  undefined,
);

export function validateMessengerSearch(
  search: Record<string, unknown>,
): MessengerSearch {
  const chat = chatSchema.parse(search.chat);
  const type = typeSchema.parse(search.type);
  const filter = filterSchema.parse(search.filter);
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
