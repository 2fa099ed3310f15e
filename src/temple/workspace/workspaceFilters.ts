// The workspace's list filters over the conversations the IM worker stores (the same rows the
// chat page reads): all one-to-one chats, unread ones, those awaiting our reply (the newest
// message is the customer's) and those assigned to the caller (staff/v1/assigned).
import type { ConversationItem } from "../../features/messenger/conversationQueries";
import { PERSON_CHANNEL } from "../../features/messenger/messengerSearch";
import { WORKSPACE_FILTERS, type WorkspaceFilter } from "./workspaceSearch";

export interface FilterFacts {
  /** The IM ids of the customers assigned to the caller; null while unknown. */
  readonly assigned: ReadonlySet<string> | null;
}

/** Whether the customer spoke last: the newest message we hold is theirs (not ours, not deleted). */
export function awaitsReply({ conversation, last }: ConversationItem): boolean {
  return (
    last !== undefined &&
    !last.isDeleted &&
    last.fromUid === conversation.channelId
  );
}

export function matchesFilter(
  item: ConversationItem,
  filter: WorkspaceFilter,
  facts: FilterFacts,
): boolean {
  if (item.conversation.channelType !== PERSON_CHANNEL) return false;
  switch (filter) {
    case "all":
      return true;
    case "unread":
      return item.conversation.unread > 0;
    case "awaiting":
      return awaitsReply(item);
    case "mine":
      return facts.assigned?.has(item.conversation.channelId) === true;
  }
}

/** How many conversations each filter keeps, for the chips. */
export function countByFilter(
  items: readonly ConversationItem[],
  facts: FilterFacts,
): Record<WorkspaceFilter, number> {
  const counts = { all: 0, unread: 0, awaiting: 0, mine: 0 };
  for (const item of items)
    for (const filter of WORKSPACE_FILTERS)
      if (matchesFilter(item, filter, facts)) counts[filter] += 1;
  return counts;
}
