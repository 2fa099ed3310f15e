// TypeBox schemas of the temple's side of an order (#22): fulfilment (in service with a planned
// date, completed with proof photos and a note), refunds (the owner asks, staff review) and the
// staff's order list. The owner's order (orders.ts) carries the refund and the timeline's proof.
// The server validates with them; src/api/staff.ts derives its types from them.
import { type Static, Type } from "typebox";
import {
  FULFIL_STATUSES,
  FULFILMENT_LIMITS,
  STAFF_ORDER_QUEUES,
} from "../fulfilment";
import { STORED_NAME_PATTERN } from "../mediaUrl";
import { ORDER_STATUSES } from "../orders";
import { Id, LocaleQuery, PageOf } from "./common";
import { OrderDetail } from "./orders";

export const FulfilRequest = Type.Object(
  {
    masterId: Id,
    status: Type.Enum([...FULFIL_STATUSES]),
    plannedAt: Type.Optional(
      Type.String({
        format: "date-time",
        description: "Required for in_service: when the blessing is held.",
      }),
    ),
    photoFileIds: Type.Optional(
      Type.Array(Type.String({ pattern: STORED_NAME_PATTERN }), {
        maxItems: FULFILMENT_LIMITS.maxPhotos,
        description:
          "Required (at least one) for completed: stored names of images the caller uploaded (the `name` file/v1/upload answers).",
      }),
    ),
    note: Type.Optional(
      Type.String({ maxLength: FULFILMENT_LIMITS.noteMaxChars }),
    ),
  },
  { additionalProperties: false },
);

export const RefundRequestBody = Type.Object(
  {
    masterId: Id,
    reason: Type.String({
      minLength: 1,
      maxLength: FULFILMENT_LIMITS.refundReasonMaxChars,
    }),
  },
  { additionalProperties: false },
);

export const RefundReviewBody = Type.Object(
  {
    masterId: Id,
    approve: Type.Boolean(),
    reason: Type.Optional(
      Type.String({
        maxLength: FULFILMENT_LIMITS.refundReasonMaxChars,
        description: "Required when declining: shown to the owner.",
      }),
    ),
  },
  { additionalProperties: false },
);

/** The customer beside an order in the staff's views (no contact details). */
export const OrderCustomer = Type.Object({
  userId: Type.Integer(),
  imId: Type.String(),
  nickname: Type.String(),
  avatarUrl: Type.String(),
});

/** What the caller may do with the order now. */
export const StaffCan = Type.Object({
  startService: Type.Boolean(),
  complete: Type.Boolean(),
  reviewRefund: Type.Boolean(),
});

export const StaffOrderDetail = Type.Object({
  ...OrderDetail.properties,
  customer: OrderCustomer,
  can: StaffCan,
});

export const StaffOrdersQuery = Type.Object({
  ...LocaleQuery.properties,
  queue: Type.Optional(
    Type.Enum([...STAFF_ORDER_QUEUES], {
      default: "all",
      description:
        "agenda: in service by planned date (overdue first), then paid ones to start, oldest paid first; to_start: paid; in_service; refund_requested: awaiting review; all: every paid-for order.",
    }),
  ),
  status: Type.Optional(Type.Enum([...ORDER_STATUSES])),
  /** Only this customer's orders (the workspace's context pane). */
  userId: Type.Optional(Id),
  q: Type.Optional(
    Type.String({
      maxLength: FULFILMENT_LIMITS.searchMaxChars,
      description:
        "Search: part of the order number, or of the customer's nickname or IM id (any case; blank: no search). Applies within the queue.",
    }),
  ),
  page: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  ),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 50, default: 20 }),
  ),
});

export const StaffOrderPage = PageOf(StaffOrderDetail);

export const StaffOrderQuery = Type.Object({
  ...LocaleQuery.properties,
  masterId: Id,
});

export type FulfilBody = Static<typeof FulfilRequest>;
export type RefundRequestInput = Static<typeof RefundRequestBody>;
export type RefundReviewInput = Static<typeof RefundReviewBody>;
export type StaffOrderDetailDto = Static<typeof StaffOrderDetail>;
