// The order state machine on the server: the timestamp column each status sets, and the 409 error
// an illegal move becomes. The rules themselves (which status may follow which, the paid and
// refundable statuses) are in contract/orderRules.ts. Pure: no queries here.
import {
  type OrderRefusal,
  type OrderStatus,
  STATUS_TIMESTAMP,
  stateConflict,
} from "#contract";
import type { OrderRow } from "../../db/schema";
import { HttpError } from "../../http/errors";

export {
  canMove,
  ORDER_TRANSITIONS,
  PAID_STATUSES,
  REFUNDABLE_STATUSES,
} from "#contract";

/** Who moved a status (kept in the timeline). */
export type { OrderActor } from "#contract";

type StatusTimestamps = Pick<
  OrderRow,
  "paidAt" | "serviceStartedAt" | "completedAt" | "cancelledAt" | "refundedAt"
>;

/** The timestamp column a status sets when it is entered. */
export function timestampFor(
  to: OrderStatus,
  at: Date,
): Partial<StatusTimestamps> {
  const column = STATUS_TIMESTAMP[to];
  return column === null ? {} : { [column]: at };
}

/** A rule's refusal (contract/orderRules.ts) as the error the API answers with. */
export function refusalError(refusal: OrderRefusal): HttpError {
  return new HttpError(refusal.reason, refusal.message, {
    params: refusal.params,
  });
}

/** An illegal status move: 409 naming both statuses. */
export class OrderStateError extends HttpError {
  override name = "OrderStateError";
  readonly from: OrderStatus;
  readonly to: OrderStatus;
  constructor(masterOrderNo: string, from: OrderStatus, to: OrderStatus) {
    const { reason, message, params } = stateConflict(masterOrderNo, from, to);
    super(reason, message, { params });
    this.from = from;
    this.to = to;
  }
}
