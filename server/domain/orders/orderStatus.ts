// The order state machine: which status may follow which, the timestamp column each status sets,
// and the 409 error an illegal move becomes. Pure: no queries here.
import type { OrderStatus } from "#contract";
import type { OrderRow } from "../../db/schema";
import { HttpError } from "../../http/errors";

/**
 * pending payment → paid → in service → completed; pending → cancelled; paid or in service →
 * refunded (a refund WeChat Pay completed).
 */
export const ORDER_TRANSITIONS: Readonly<
  Record<OrderStatus, readonly OrderStatus[]>
> = {
  pending_payment: ["paid", "cancelled"],
  paid: ["in_service", "refunded"],
  in_service: ["completed", "refunded"],
  completed: [],
  cancelled: [],
  refunded: [],
};

/** Statuses of orders that were paid for (and not refunded). */
export const PAID_STATUSES: readonly OrderStatus[] = [
  "paid",
  "in_service",
  "completed",
];

/** Who moved a status (kept in the timeline). */
export type { OrderActor } from "#contract";

/** Statuses a refund may be asked for (paid, and not yet completed). */
export const REFUNDABLE_STATUSES: readonly OrderStatus[] = [
  "paid",
  "in_service",
];

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** The timestamp column a status sets when it is entered. */
export function timestampFor(
  to: OrderStatus,
  at: Date,
): Partial<
  Pick<
    OrderRow,
    "paidAt" | "serviceStartedAt" | "completedAt" | "cancelledAt" | "refundedAt"
  >
> {
  switch (to) {
    case "paid":
      return { paidAt: at };
    case "in_service":
      return { serviceStartedAt: at };
    case "completed":
      return { completedAt: at };
    case "cancelled":
      return { cancelledAt: at };
    case "refunded":
      return { refundedAt: at };
    case "pending_payment":
      return {};
  }
}

/** An illegal status move: 409 naming both statuses. */
export class OrderStateError extends HttpError {
  override name = "OrderStateError";
  readonly from: OrderStatus;
  readonly to: OrderStatus;
  constructor(masterOrderNo: string, from: OrderStatus, to: OrderStatus) {
    super(
      "ORDER_STATE_CONFLICT",
      `order ${masterOrderNo} is ${from.replace("_", " ")}; it cannot become ${to.replace("_", " ")}`,
      { params: { from, to } },
    );
    this.from = from;
    this.to = to;
  }
}
