// What the desk's routes load: a queue's page with the work queues' counts, and one order. A 403
// (not a staffer, or a monk opening another's order) becomes NO_ACCESS, which the pages show as
// the "no access" screen; a user whose info already says they are no staffer is not asked at all.
// Other failures are the route's (an unknown order is its 404).
import type { StaffOrderQueue } from "#contract";
import { isApiError } from "../../api/ApiError";
import {
  fetchStaffOrder,
  fetchStaffOrders,
  type StaffOrderDetail,
} from "../../api/staff";
import type { Locale, Page } from "../../api/types";
import { session } from "../../state/session";
import { canUseStaffDesk } from "./staffAccess";
import {
  DEFAULT_QUEUE,
  STAFF_PAGE_SIZE,
  type StaffSearch,
} from "./staffSearch";

export const NO_ACCESS = { kind: "noAccess" } as const;
export type NoAccess = typeof NO_ACCESS;

/** The queues that hold work, each with its count on the desk's tabs. */
export const WORK_QUEUES = [
  "to_start",
  "in_service",
  "refund_requested",
] as const satisfies readonly StaffOrderQueue[];
export type WorkQueue = (typeof WORK_QUEUES)[number];

export interface QueueData {
  kind: "ok";
  queue: StaffOrderQueue;
  page: Page<StaffOrderDetail>;
  /** Orders in each work queue; absent where the count could not be read. */
  counts: Partial<Record<WorkQueue, number>>;
  /** The search the page answers, if any. */
  q: string | undefined;
}

export interface OrderData {
  kind: "ok";
  order: StaffOrderDetail;
}

function isForbidden(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}

const knownNoStaffer = () =>
  session.user !== null && !canUseStaffDesk(session.user);

export async function loadQueue(
  search: StaffSearch,
  locale: Locale,
  signal: AbortSignal,
): Promise<QueueData | NoAccess> {
  if (knownNoStaffer()) return NO_ACCESS;
  const queue = search.queue ?? DEFAULT_QUEUE;
  const ask = (
    q: StaffOrderQueue,
    page: number,
    pageSize: number,
    text?: string,
  ) =>
    fetchStaffOrders(
      { queue: q, page, pageSize, locale, ...(text ? { q: text } : {}) },
      { signal },
    );
  // NOTE: a count is the `total` of a one-row page; a failed count only hides its number.
  // A searched page's total is no queue's count.
  const counting = WORK_QUEUES.filter(
    (q) => q !== queue || search.q !== undefined,
  ).map((q) =>
    ask(q, 1, 1).then(
      (answer) => [q, answer.total] as const,
      () => null,
    ),
  );
  try {
    const page = await ask(queue, search.page ?? 1, STAFF_PAGE_SIZE, search.q);
    const counts: Partial<Record<WorkQueue, number>> = {};
    for (const entry of await Promise.all(counting))
      if (entry !== null) counts[entry[0]] = entry[1];
    if (queue !== "all" && queue !== "agenda" && search.q === undefined)
      counts[queue] = page.total;
    return { kind: "ok", queue, page, counts, q: search.q };
  } catch (error) {
    if (isForbidden(error)) return NO_ACCESS;
    throw error;
  }
}

export async function loadOrder(
  masterId: number,
  locale: Locale,
  signal: AbortSignal,
): Promise<OrderData | NoAccess> {
  if (knownNoStaffer()) return NO_ACCESS;
  try {
    return {
      kind: "ok",
      order: await fetchStaffOrder(masterId, locale, { signal }),
    };
  } catch (error) {
    if (isForbidden(error)) return NO_ACCESS;
    throw error;
  }
}
