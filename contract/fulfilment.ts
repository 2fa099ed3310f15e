// The temple's side of an order (#22), shared by the server (rules, schemas, database checks) and
// the tab (forms, labels): the moves staff make, a refund's life, the limits of what staff and
// owners write, and the staff workspace's limits.

/** The moves a monk or service staff make on a paid order. */
export const FULFIL_STATUSES = ["in_service", "completed"] as const;
export type FulfilStatus = (typeof FULFIL_STATUSES)[number];

/**
 * A refund's life: the owner asks (requested); staff decline (declined: the order goes on) or
 * approve (processing: WeChat Pay is refunding); WeChat Pay's notification or our query ends it
 * succeeded (the order becomes refunded) or failed (abnormal or closed: staff look at it).
 */
export const REFUND_STATUSES = [
  "requested",
  "declined",
  "processing",
  "succeeded",
  "failed",
] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** A refund that is still under way: no second one, and no fulfilment move, meanwhile. */
export const OPEN_REFUND_STATUSES: readonly RefundStatus[] = [
  "requested",
  "processing",
];

export const FULFILMENT_LIMITS = {
  /** Proof photos of a completed order. */
  maxPhotos: 9,
  noteMaxChars: 500,
  refundReasonMaxChars: 200,
  /** How far ahead a planned service date may lie. */
  plannedMaxDaysAhead: 366,
  /** The staff's order search (order number, customer's nickname or IM id). */
  searchMaxChars: 64,
} as const;

/**
 * Work queues of the staff's order list. agenda: a monk's day plan, the orders in service by their
 * planned date (overdue first), then those still to start, oldest paid first.
 */
export const STAFF_ORDER_QUEUES = [
  "agenda",
  "to_start",
  "in_service",
  "refund_requested",
  "all",
] as const;
export type StaffOrderQueue = (typeof STAFF_ORDER_QUEUES)[number];

/** What staff write in their workspace. */
export const WORKSPACE_LIMITS = {
  quickReplyMaxChars: 500,
  /** Quick replies the team keeps. */
  maxQuickReplies: 100,
  noteMaxChars: 2000,
} as const;
