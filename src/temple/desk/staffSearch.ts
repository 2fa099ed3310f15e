// The search params of /staff/orders: the work queue (absent or unknown reads as
// to_start), the page and the order search (q, trimmed and cut to the server's limit). Bad values
// are dropped, never an error. NOTE: the tabs name their queue even for to_start, so the router
// marks the right tab current on every address.
import type { FULFILMENT_LIMITS, StaffOrderQueue } from "#contract";
import { parsePage, type PageSearch } from "../../router/params";

/** Orders per page of the desk's queue. */
export const STAFF_PAGE_SIZE = 20;

/** The queue a staffer starts with: the paid orders waiting for their service. */
export const DEFAULT_QUEUE: StaffOrderQueue = "to_start";

/** The longest search the server takes (the type checker holds it to the contract's). */
export const SEARCH_MAX_CHARS: (typeof FULFILMENT_LIMITS)["searchMaxChars"] = 64;

export interface StaffSearch extends PageSearch {
  queue?: StaffOrderQueue | undefined;
  /** Part of an order number, or of a customer's nickname or IM id. */
  q?: string | undefined;
}

// NOTE: STAFF_ORDER_QUEUES spelled out (the type checker holds it to the contract's list): this
// runs in the first page's bundle, which importing the contract's constants would grow.
const QUEUES: Readonly<Record<StaffOrderQueue, true>> = {
  agenda: true,
  to_start: true,
  in_service: true,
  refund_requested: true,
  all: true,
};
const isQueue = (value: unknown): value is StaffOrderQueue =>
  typeof value === "string" && Object.hasOwn(QUEUES, value);

export function validateStaffSearch(
  search: Record<string, unknown>,
): StaffSearch {
  return {
    queue: isQueue(search.queue) ? search.queue : undefined,
    page: parsePage(search.page),
    // NOTE: kept this small: it runs in the first page's bundle. The router keeps a searched
    // number a string (it quotes it in the URL).
    q:
      typeof search.q === "string"
        ? search.q.trim().slice(0, SEARCH_MAX_CHARS) || undefined
        : undefined,
  };
}
