// The order rules as pure decisions, one definition for the server (server/domain/orders,
// fulfilment) and the tab's test fake (tests/support/ui/fakeCommerce.ts): which status may follow which,
// which fields an order carries, when a refund may be asked, the pay window, the owner's list order.
// A refusal is returned as data ({ reason, message, params }); the caller throws or answers it.
import type { ApiErrorParams, ApiErrorReason } from "./apiErrors";
import { OPEN_REFUND_STATUSES, type RefundStatus } from "./fulfilment";
import type { OrderActor, OrderStatus } from "./orders";

/** A rule's "no": the API error it becomes, with its developer text and params. */
export interface OrderRefusal {
  reason: ApiErrorReason;
  message: string;
  params: ApiErrorParams;
}

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

/** Statuses a refund may be asked for (paid, and not yet completed). */
export const REFUNDABLE_STATUSES: readonly OrderStatus[] = [
  "paid",
  "in_service",
];

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/**
 * Whether moving `from` → `to` happens: "same" (already there: a no-op, so retries are safe),
 * "move", or the 409 naming both statuses.
 */
export function moveDecision(
  masterOrderNo: string,
  from: OrderStatus,
  to: OrderStatus,
): "same" | "move" | OrderRefusal {
  if (from === to) return "same";
  if (canMove(from, to)) return "move";
  return stateConflict(masterOrderNo, from, to);
}

/** The 409 of an illegal move, naming both statuses. */
export function stateConflict(
  masterOrderNo: string,
  from: OrderStatus,
  to: OrderStatus,
): OrderRefusal {
  return {
    reason: "ORDER_STATE_CONFLICT",
    message: `order ${masterOrderNo} is ${from.replace("_", " ")}; it cannot become ${to.replace("_", " ")}`,
    params: { from, to },
  };
}

/** The first timeline entry of every order: the customer placed it, pending payment. */
export const OPENING_MOVE = {
  from: null,
  to: "pending_payment",
  actor: "user",
  note: "",
} as const satisfies {
  from: null;
  to: OrderStatus;
  actor: OrderActor;
  note: string;
};

/** The timestamp an order's status sets when it is entered (same name on the row and the API). */
export const STATUS_TIMESTAMP = {
  pending_payment: null,
  paid: "paidAt",
  in_service: "serviceStartedAt",
  completed: "completedAt",
  cancelled: "cancelledAt",
  refunded: "refundedAt",
} as const satisfies Record<OrderStatus, string | null>;

/** Unpaid orders are cancelled this long after creation. */
export const PAY_WINDOW_MS = 30 * 60_000;

/** When a pending order is cancelled unless paid (ms since the epoch); null once it is not pending. */
export function payBeforeOf(
  status: OrderStatus,
  createdAtMs: number,
): number | null {
  return status === "pending_payment" ? createdAtMs + PAY_WINDOW_MS : null;
}

/** The fields a product may ask for on its order form. */
export const ASKED_FIELDS = ["beneficiaryName", "wish", "birthDate"] as const;
export type AskedField = (typeof ASKED_FIELDS)[number];

/**
 * The first asked field missing, or given but not asked: `present` says which fields the order
 * carries (after trimming: blank text is absent), `asks` which the product asks for.
 */
export function askedFieldsRefusal(
  asks: Readonly<Record<AskedField, boolean>>,
  present: Readonly<Record<AskedField, boolean>>,
): OrderRefusal | null {
  for (const field of ASKED_FIELDS) {
    if (asks[field] && !present[field])
      return {
        reason: "FIELD_REQUIRED",
        message: `body/${field} is required for this product`,
        params: { field },
      };
    if (!asks[field] && present[field])
      return {
        reason: "ORDER_FIELD_NOT_ASKED",
        message: `body/${field} is not asked for this product`,
        params: { field },
      };
  }
  return null;
}

/** An order's price: the option's price for each of `quantity`. */
export function orderPrice(
  priceFen: number,
  quantity: number,
): { unitPriceFen: number; totalFen: number } {
  return { unitPriceFen: priceFen, totalFen: priceFen * quantity };
}

/** A refund asked for or under way stops a second one and any fulfilment move. */
export function openRefundRefusal(
  refund: RefundStatus | undefined,
): OrderRefusal | null {
  if (refund === undefined || !OPEN_REFUND_STATUSES.includes(refund))
    return null;
  return {
    reason: "REFUND_OPEN",
    message: `a refund of this order is ${refund}`,
    params: { status: refund },
  };
}

/**
 * Whether the order's status allows a refund (paid, not completed); the refusal if not, its
 * message ending with `detail` ("" for none: staff reviewing see only the status).
 */
export function refundableStatusRefusal(
  masterOrderNo: string,
  status: OrderStatus,
  detail = "only paid orders not yet completed are refunded",
): OrderRefusal | null {
  if (REFUNDABLE_STATUSES.includes(status)) return null;
  return {
    reason: "REFUND_NOT_ALLOWED",
    message: `order ${masterOrderNo} is ${status}${detail === "" ? "" : `; ${detail}`}`,
    params: { status },
  };
}

/**
 * The owner asking for a refund: refused while one is open (`openRefund`, the status of a refund
 * asked for or under way), then unless paid and not completed.
 */
export function refundRequestRefusal(
  masterOrderNo: string,
  status: OrderStatus,
  openRefund: RefundStatus | undefined,
): OrderRefusal | null {
  return (
    openRefundRefusal(openRefund) ??
    refundableStatusRefusal(masterOrderNo, status)
  );
}

/** What the owner's detail says: a refund may be asked now (no refusal for the latest refund). */
export function isRefundable(
  status: OrderStatus,
  latestRefund: RefundStatus | undefined,
): boolean {
  return (
    REFUNDABLE_STATUSES.includes(status) &&
    (latestRefund === undefined || !OPEN_REFUND_STATUSES.includes(latestRefund))
  );
}

/**
 * What staff may do to an order now: start the service of a paid one, complete one in service
 * (neither while a refund is open), and review a refund asked for if they review refunds.
 */
export function staffMoves(
  status: OrderStatus,
  latestRefund: RefundStatus | undefined,
  reviewsRefunds: boolean,
): { startService: boolean; complete: boolean; reviewRefund: boolean } {
  const open = openRefundRefusal(latestRefund) !== null;
  return {
    startService: status === "paid" && !open,
    complete: status === "in_service" && !open,
    reviewRefund: latestRefund === "requested" && reviewsRefunds,
  };
}

/**
 * The owner's list order: newest first, the later id first among equal times (the server's SQL
 * `ORDER BY created_at DESC, id DESC`).
 */
export function newestFirst(
  a: { createdAt: string; masterId: number },
  b: { createdAt: string; masterId: number },
): number {
  const byTime = Date.parse(b.createdAt) - Date.parse(a.createdAt);
  return byTime === 0 ? b.masterId - a.masterId : byTime;
}
