// Blessing orders: what was bought (product and option snapshots, quantity, server-computed total),
// the status the server alone moves, its timeline, WeChat Pay attempts and payment events, and the
// blessing-wall joins. Prices are integers in fen.
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  ORDER_STATUSES,
  type OrderStatus,
  type PayChannel,
  REFUND_STATUSES,
  type RefundStatus,
} from "#contract";
import type { Localized } from "../../lib/locale";
import { productOptions, products } from "./content";
import { inList } from "./inList";
import { users } from "./users";

const at = (name: string) => timestamp(name, { withTimezone: true });

export const orders = pgTable(
  "orders",
  {
    /** masterId in the API. */
    id: serial("id").primaryKey(),
    /** The number people see: Beijing date (8 digits) + 10 random digits. */
    masterOrderNo: text("master_order_no").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    optionId: integer("option_id")
      .notNull()
      .references(() => productOptions.id, { onDelete: "restrict" }),
    /** Snapshots taken at ordering time, so later edits of the catalogue do not rewrite orders. */
    productTitle: jsonb("product_title").$type<Localized>().notNull(),
    optionLabel: jsonb("option_label").$type<Localized>().notNull(),
    days: integer("days").notNull(),
    quantity: integer("quantity").notNull(),
    unitPriceFen: integer("unit_price_fen").notNull(),
    totalFen: integer("total_fen").notNull(),
    beneficiaryName: text("beneficiary_name"),
    wish: text("wish"),
    birthDate: date("birth_date", { mode: "string" }),
    /** The owner agreed to show the wish on the public blessing wall. */
    showOnWall: boolean("show_on_wall").notNull().default(false),
    status: text("status").$type<OrderStatus>().notNull(),
    /** Official-account openid from the silent (snsapi_base) authorisation, for JSAPI payment. */
    payerOpenid: text("payer_openid"),
    /** SHA-256 (hex) of the pending snsapi_base state, single use. */
    oauthStateHash: text("oauth_state_hash"),
    oauthStateExpiresAt: at("oauth_state_expires_at"),
    /** The current WeChat Pay attempt: out_trade_no = masterOrderNo + J|N|H + attempt. */
    payChannel: text("pay_channel").$type<PayChannel>(),
    payAttempt: smallint("pay_attempt").notNull().default(0),
    outTradeNo: text("out_trade_no").unique(),
    prepayId: text("prepay_id"),
    /** Native code_url, or H5 h5_url (the page WeChat Pay opens in a phone browser). */
    codeUrl: text("code_url"),
    /** Openid the current JSAPI prepay was made for. */
    prepayOpenid: text("prepay_openid"),
    prepayAt: at("prepay_at"),
    transactionId: text("transaction_id"),
    createdAt: at("created_at").notNull(),
    updatedAt: at("updated_at").notNull(),
    paidAt: at("paid_at"),
    serviceStartedAt: at("service_started_at"),
    completedAt: at("completed_at"),
    cancelledAt: at("cancelled_at"),
    refundedAt: at("refunded_at"),
    /** When the blessing is held: given by staff with the move to in service. */
    plannedAt: at("planned_at"),
  },
  (t) => [
    check("orders_status_known", inList("status", ORDER_STATUSES)),
    check("orders_quantity_range", sql`${t.quantity} between 1 and 99`),
    check(
      "orders_total_is_price_times_quantity",
      sql`${t.totalFen} = ${t.unitPriceFen} * ${t.quantity} and ${t.totalFen} > 0`,
    ),
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_status_idx").on(t.status, t.createdAt),
    index("orders_wall_idx")
      .on(t.paidAt)
      .where(sql`${t.showOnWall} = true and ${t.paidAt} is not null`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;

/** Every status change of an order, oldest first: the timeline. */
export const orderStatusEvents = pgTable(
  "order_status_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status").$type<OrderStatus>(),
    toStatus: text("to_status").$type<OrderStatus>().notNull(),
    /** user | system | wechat_pay | admin | staff | monk */
    actor: text("actor").notNull(),
    /** The person who moved it (staff, monk, admin or the owner), when one did. */
    actorUserId: integer("actor_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    note: text("note").notNull().default(""),
    /** Stored names of the proof photos given with the move (completed). */
    photos: jsonb("photos").$type<string[]>().notNull().default([]),
    /** The planned date given with the move (in service). */
    plannedAt: at("planned_at"),
    at: at("at").notNull(),
  },
  (t) => [index("order_status_events_order_idx").on(t.orderId, t.id)],
);

/** What WeChat Pay told us about an order (notifications and queries), with what we did. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** notify | query */
    source: text("source").notNull(),
    /** The notification id (notify only): a replay is recorded once. */
    notificationId: text("notification_id"),
    outTradeNo: text("out_trade_no").notNull(),
    transactionId: text("transaction_id"),
    tradeState: text("trade_state").notNull(),
    amountFen: integer("amount_fen").notNull(),
    /** paid | already_paid | late (order no longer payable: refund by hand) | ignored */
    outcome: text("outcome").notNull(),
    at: at("at").notNull(),
  },
  (t) => [
    uniqueIndex("payment_events_notification_unique").on(t.notificationId),
    index("payment_events_order_idx").on(t.orderId),
  ],
);

/** Users who joined a blessing on the wall (one join per user and blessing). */
export const blessingJoins = pgTable(
  "blessing_joins",
  {
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    joinedAt: at("joined_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.userId] })],
);

/**
 * Refund requests of an order, newest last: at most one open (requested or processing) at a time.
 * out_refund_no = masterOrderNo + "R" + the order's request count; WeChat Pay's refund_id once
 * approved.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    outRefundNo: text("out_refund_no").notNull().unique(),
    status: text("status").$type<RefundStatus>().notNull(),
    amountFen: integer("amount_fen").notNull(),
    reason: text("reason").notNull(),
    requestedBy: integer("requested_by").references(() => users.id, {
      onDelete: "set null",
    }),
    requestedAt: at("requested_at").notNull(),
    reviewedBy: integer("reviewed_by").references(() => users.id, {
      onDelete: "set null",
    }),
    reviewReason: text("review_reason"),
    reviewedAt: at("reviewed_at"),
    /** WeChat Pay's refund_id, once it accepted the refund. */
    refundId: text("refund_id"),
    /** WeChat Pay's last word: PROCESSING, SUCCESS, ABNORMAL or CLOSED. */
    wechatStatus: text("wechat_status"),
    refundedAt: at("refunded_at"),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [
    check("order_refunds_status_known", inList("status", REFUND_STATUSES)),
    check("order_refunds_amount_positive", sql`${t.amountFen} > 0`),
    index("order_refunds_order_idx").on(t.orderId, t.id),
    uniqueIndex("order_refunds_one_open")
      .on(t.orderId)
      .where(sql`${t.status} in ('requested', 'processing')`),
    index("order_refunds_status_idx").on(t.status, t.requestedAt),
  ],
);

export type OrderRefundRow = typeof orderRefunds.$inferSelect;

/** What WeChat Pay told us about refunds (notifications and queries): a replayed one counts once. */
export const refundEvents = pgTable(
  "refund_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    refundRowId: integer("refund_row_id")
      .notNull()
      .references(() => orderRefunds.id, { onDelete: "cascade" }),
    /** notify | query | create */
    source: text("source").notNull(),
    notificationId: text("notification_id"),
    wechatStatus: text("wechat_status").notNull(),
    /** succeeded | failed | processing | already | ignored */
    outcome: text("outcome").notNull(),
    at: at("at").notNull(),
  },
  (t) => [
    uniqueIndex("refund_events_notification_unique").on(t.notificationId),
    index("refund_events_refund_idx").on(t.refundRowId),
  ],
);
