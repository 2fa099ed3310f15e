// TypeBox schemas of the order API: create/cancel bodies, detail/list queries, and the order shape
// the owner's pages show (with its timeline and refund). Prices are integers in fen. The staff's
// view of an order extends it (fulfilment.ts).
import { type Static, Type } from "typebox";
import { PRODUCT_CATEGORIES } from "../catalog";
import { REFUND_STATUSES } from "../fulfilment";
import {
  MASTER_ORDER_NO_PATTERN,
  ORDER_STATUSES,
  PAY_CHANNELS,
} from "../orders";
import { Id, LocaleQuery, PageOf } from "./common";

const MasterOrderNo = Type.String({
  pattern: MASTER_ORDER_NO_PATTERN,
  description: "The order number people see (18 digits).",
});

/** One of masterId or masterOrderNo names an order (the caller's own). */
export const OrderRefFields = {
  masterId: Type.Optional(Id),
  masterOrderNo: Type.Optional(MasterOrderNo),
};
export const OrderRef = Type.Object(OrderRefFields);

export const OrderDetailQuery = Type.Object({
  ...LocaleQuery.properties,
  ...OrderRefFields,
});

export const MyOrdersQuery = Type.Object({
  ...LocaleQuery.properties,
  status: Type.Optional(
    Type.Enum([...ORDER_STATUSES], { description: "Only this status." }),
  ),
  page: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  ),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
  ),
});

export const CreateOrderRequest = Type.Object(
  {
    productId: Id,
    optionId: Id,
    quantity: Type.Integer({ minimum: 1, maximum: 99 }),
    beneficiaryName: Type.Optional(Type.String({ maxLength: 200 })),
    wish: Type.Optional(Type.String({ maxLength: 2000 })),
    birthDate: Type.Optional(
      Type.String({ maxLength: 10, description: "YYYY-MM-DD" }),
    ),
    showOnWall: Type.Optional(
      Type.Boolean({
        description: "Consent to show the wish on the public blessing wall.",
      }),
    ),
  },
  { additionalProperties: false },
);

export const CreateOrderQuery = LocaleQuery;

const NullableDateTime = Type.Union([
  Type.String({ format: "date-time" }),
  Type.Null(),
]);

export const TimelineEntry = Type.Object({
  status: Type.Enum([...ORDER_STATUSES]),
  from: Type.Union([Type.Enum([...ORDER_STATUSES]), Type.Null()]),
  at: Type.String({ format: "date-time" }),
  actor: Type.String({
    description: "user | system | wechat_pay | admin | staff | monk",
  }),
  note: Type.String(),
  photos: Type.Array(Type.String(), {
    description: "Absolute media URLs of the proof photos given with the move.",
  }),
  plannedAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()], {
    description: "in_service: when the blessing is held.",
  }),
});

/** The order's latest refund request, as the owner and staff see it. */
export const RefundView = Type.Object({
  status: Type.Enum([...REFUND_STATUSES]),
  reason: Type.String(),
  /** Why staff declined (or a note with the approval); null before review. */
  reviewReason: Type.Union([Type.String(), Type.Null()]),
  amountFen: Type.Integer(),
  requestedAt: Type.String({ format: "date-time" }),
  reviewedAt: NullableDateTime,
  refundedAt: NullableDateTime,
});

export const Order = Type.Object({
  masterId: Type.Integer({ description: "Order id." }),
  masterOrderNo: MasterOrderNo,
  id: Type.Integer({ description: "The product id." }),
  status: Type.Enum([...ORDER_STATUSES]),
  product: Type.Object({
    id: Type.Integer(),
    category: Type.Enum([...PRODUCT_CATEGORIES]),
    title: Type.String(),
    cover: Type.String(),
    monkName: Type.Union([Type.String(), Type.Null()]),
    monkImId: Type.Union([Type.String(), Type.Null()]),
  }),
  option: Type.Object({
    id: Type.Integer(),
    label: Type.String(),
    days: Type.Integer(),
  }),
  quantity: Type.Integer(),
  unitPriceFen: Type.Integer(),
  totalFen: Type.Integer(),
  beneficiaryName: Type.Union([Type.String(), Type.Null()]),
  wish: Type.Union([Type.String(), Type.Null()]),
  birthDate: Type.Union([Type.String(), Type.Null()]),
  showOnWall: Type.Boolean(),
  payChannel: Type.Union([Type.Enum([...PAY_CHANNELS]), Type.Null()]),
  openidBound: Type.Boolean({
    description: "A JSAPI payer openid is stored (silent authorisation done).",
  }),
  createdAt: Type.String({ format: "date-time" }),
  payBefore: Type.Union([Type.String({ format: "date-time" }), Type.Null()], {
    description: "Pending orders: cancelled automatically at this time.",
  }),
  paidAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
  serviceStartedAt: Type.Union([
    Type.String({ format: "date-time" }),
    Type.Null(),
  ]),
  completedAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
  cancelledAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
  refundedAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
});

export const OrderDetail = Type.Object({
  ...Order.properties,
  timeline: Type.Array(TimelineEntry, { description: "Oldest first." }),
  plannedAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()], {
    description: "When the blessing is (or was) held, once staff planned it.",
  }),
  refund: Type.Union([RefundView, Type.Null()], {
    description: "The latest refund request, if any.",
  }),
  refundable: Type.Boolean({
    description: "The owner may ask for a refund now.",
  }),
});

export const OrderPage = PageOf(Order);

export type OrderDto = Static<typeof Order>;
export type OrderDetailDto = Static<typeof OrderDetail>;
export type RefundViewDto = Static<typeof RefundView>;
export type CreateOrderBody = Static<typeof CreateOrderRequest>;
