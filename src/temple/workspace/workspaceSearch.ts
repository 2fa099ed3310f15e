// The search params of /staff/chats: the open conversation (`chat`, the customer's IM id), the
// list filter and `pane=context` (the customer's context: a page of its own on a phone, the side
// panel between 960 and 1280 px). Bad values are dropped, never an error.
// NOTE: the route only types them; the page checks them here, in its own chunk.

export const WORKSPACE_FILTERS = ["all", "unread", "awaiting", "mine"] as const;
export type WorkspaceFilter = (typeof WORKSPACE_FILTERS)[number];

export interface WorkspaceSearch {
  chat?: string | undefined;
  filter?: WorkspaceFilter | undefined;
  pane?: "context" | undefined;
}

/** The longest IM id the server takes (staff/v1 schemas). */
const MAX_IM_ID = 64;

const isFilter = (value: unknown): value is WorkspaceFilter =>
  (WORKSPACE_FILTERS as readonly unknown[]).includes(value);

export function validateWorkspaceSearch(
  search: Record<string, unknown>,
): WorkspaceSearch {
  // NOTE: TanStack Router JSON-parses search values, so an all-digit IM id arrives as a number.
  const raw = search.chat;
  const text =
    typeof raw === "string" || typeof raw === "number" ? String(raw) : "";
  const chat = text.length > 0 && text.length <= MAX_IM_ID ? text : undefined;
  const filter = isFilter(search.filter) ? search.filter : undefined;
  return {
    chat,
    filter: filter === "all" ? undefined : filter,
    // NOTE: the context belongs to an open conversation.
    pane:
      chat !== undefined && search.pane === "context" ? "context" : undefined,
  };
}
