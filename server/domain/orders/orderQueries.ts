// Reading orders: one of the caller's own (by masterId or masterOrderNo; anyone else's is "not
// found"), the caller's list newest first, an order's timeline and latest refund. Rows only; present.ts
// shapes them.
import type { OrderStatus } from "#contract";
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import {
  monks,
  type OrderRefundRow,
  type OrderRow,
  orderRefunds,
  orderStatusEvents,
  orders,
  products,
  users,
} from "../../db/schema";
import { HttpError } from "../../http/errors";

/**
 * The order columns a list item shows (present.ts's presentOrder): the payment attempt's ids and
 * secrets, the OAuth state and the planned date are the detail's or the payment code's alone.
 */
const LISTED_COLUMNS = {
  id: orders.id,
  masterOrderNo: orders.masterOrderNo,
  productId: orders.productId,
  optionId: orders.optionId,
  productTitle: orders.productTitle,
  optionLabel: orders.optionLabel,
  days: orders.days,
  quantity: orders.quantity,
  unitPriceFen: orders.unitPriceFen,
  totalFen: orders.totalFen,
  beneficiaryName: orders.beneficiaryName,
  wish: orders.wish,
  birthDate: orders.birthDate,
  showOnWall: orders.showOnWall,
  status: orders.status,
  payerOpenid: orders.payerOpenid,
  payChannel: orders.payChannel,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  serviceStartedAt: orders.serviceStartedAt,
  completedAt: orders.completedAt,
  cancelledAt: orders.cancelledAt,
  refundedAt: orders.refundedAt,
};

export type ListedOrderRow = Pick<OrderRow, keyof typeof LISTED_COLUMNS>;

/** An order as a list shows it, with its product's category and cover and its monk. */
export interface ListedOrderView {
  order: ListedOrderRow;
  product: {
    category: (typeof products.$inferSelect)["category"];
    cover: string;
  };
  monkName: (typeof monks.$inferSelect)["name"] | null;
  monkImId: string | null;
}

/** An order with every column, for its detail, the staff and the payment code. */
export interface OrderView extends ListedOrderView {
  order: OrderRow;
}

export type TimelineRow = typeof orderStatusEvents.$inferSelect;

export interface OrderRefInput {
  masterId?: number | undefined;
  masterOrderNo?: string | undefined;
}

/** The where clause of an order reference; 400 when neither is given. */
export function orderRefCondition(ref: OrderRefInput): SQL {
  const conditions = [];
  if (ref.masterId !== undefined) conditions.push(eq(orders.id, ref.masterId));
  if (ref.masterOrderNo !== undefined)
    conditions.push(eq(orders.masterOrderNo, ref.masterOrderNo));
  const [first, second] = conditions;
  if (first === undefined)
    throw new HttpError(
      "FIELD_REQUIRED",
      "masterId or masterOrderNo is required",
      { params: { field: "masterId" } },
    );
  return second === undefined ? first : (and(first, second) ?? first);
}

const PRODUCT_FIELDS = {
  category: products.category,
  cover: products.cover,
  monkName: monks.name,
  monkImId: users.imId,
};

function selectViews(db: Db) {
  return db
    .select({ order: orders, ...PRODUCT_FIELDS })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .leftJoin(monks, eq(monks.id, products.monkId))
    .leftJoin(users, eq(users.id, monks.userId));
}

/**
 * The listed views with how many rows match before the page's limit and offset (a window over
 * all).
 */
function selectCountedListedViews(db: Db) {
  return db
    .select({
      order: LISTED_COLUMNS,
      ...PRODUCT_FIELDS,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .leftJoin(monks, eq(monks.id, products.monkId))
    .leftJoin(users, eq(users.id, monks.userId));
}

/** What PRODUCT_FIELDS select beside the order, as the joins leave them. */
type ProductColumns = Omit<
  Awaited<ReturnType<ReturnType<typeof selectViews>["where"]>>[number],
  "order"
>;

function toView<Row extends ListedOrderRow>(
  row: ProductColumns & { order: Row },
): ListedOrderView & { order: Row } {
  return {
    order: row.order,
    product: { category: row.category, cover: row.cover },
    monkName: row.monkName,
    monkImId: row.monkImId,
  };
}

/** The caller's order; 404 (same answer as for a missing one) when it is someone else's. */
export async function findOwnOrder(
  db: Db,
  userId: number,
  ref: OrderRefInput,
): Promise<OrderView> {
  const [row] = await selectViews(db).where(
    and(orderRefCondition(ref), eq(orders.userId, userId)),
  );
  if (row === undefined)
    throw new HttpError("ORDER_NOT_FOUND", "order not found");
  return toView(row);
}

export async function findOrderView(
  db: Db,
  orderId: number,
): Promise<OrderView | undefined> {
  const [row] = await selectViews(db).where(eq(orders.id, orderId));
  return row === undefined ? undefined : toView(row);
}

/** The views of `ids`, in the order given (missing ones left out). */
export async function findOrderViews(
  db: Db,
  ids: readonly number[],
): Promise<OrderView[]> {
  if (ids.length === 0) return [];
  const rows = await selectViews(db).where(inArray(orders.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.order.id, toView(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The timelines of `orderIds`, oldest first, by order. */
export async function orderTimelines(
  db: Db,
  orderIds: readonly number[],
): Promise<Map<number, TimelineRow[]>> {
  const byOrder = new Map<number, TimelineRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderStatusEvents)
    .where(inArray(orderStatusEvents.orderId, [...orderIds]))
    .orderBy(asc(orderStatusEvents.id));
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(row);
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

/** The newest refund request of each of `orderIds` that has one. */
export async function latestRefunds(
  db: Db,
  orderIds: readonly number[],
): Promise<Map<number, OrderRefundRow>> {
  const latest = new Map<number, OrderRefundRow>();
  if (orderIds.length === 0) return latest;
  const rows = await db
    .select()
    .from(orderRefunds)
    .where(inArray(orderRefunds.orderId, [...orderIds]))
    .orderBy(asc(orderRefunds.id));
  for (const row of rows) latest.set(row.orderId, row);
  return latest;
}

export async function findOrderByNo(
  db: Db,
  masterOrderNo: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(eq(orders.masterOrderNo, masterOrderNo));
  return row;
}

/**
 * The caller's order page, with and without a status filter, prepared once (ownOrderLister):
 * building a query costs the event loop more than the embedded database takes to answer it.
 */
function ownOrderPages(db: Db) {
  const page = (byStatus: boolean) =>
    selectCountedListedViews(db)
      .where(
        and(
          eq(orders.userId, sql.placeholder("userId")),
          byStatus ? eq(orders.status, sql.placeholder("status")) : undefined,
        ),
      )
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(byStatus ? "own_orders_by_status" : "own_orders");
  return { all: page(false), byStatus: page(true) };
}

export interface OwnOrderQuery {
  status?: OrderStatus | undefined;
  page: number;
  pageSize: number;
}

/**
 * The caller's order list, newest first, a page of it with the total: its prepared queries are
 * built once, by whoever holds the returned function (the order routes).
 */
export function ownOrderLister(db: Db) {
  const pages = ownOrderPages(db);
  return async (
    userId: number,
    query: OwnOrderQuery,
  ): Promise<{ rows: ListedOrderView[]; total: number }> => {
    const values = {
      userId,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    };
    // NOTE: the page carries the total, so one query answers both; only a page past the end (no
    // rows, so no total) asks for the count on its own.
    const rows =
      query.status === undefined
        ? await pages.all.execute(values)
        : await pages.byStatus.execute({ ...values, status: query.status });
    const first = rows[0];
    if (first !== undefined)
      return { rows: rows.map(toView), total: first.total };
    if (query.page === 1) return { rows: [], total: 0 };
    const [counted] = await db
      .select({ total: count() })
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          query.status === undefined
            ? undefined
            : eq(orders.status, query.status),
        ),
      );
    return { rows: [], total: counted?.total ?? 0 };
  };
}

export function orderTimeline(db: Db, orderId: number): Promise<TimelineRow[]> {
  return db
    .select()
    .from(orderStatusEvents)
    .where(eq(orderStatusEvents.orderId, orderId))
    .orderBy(asc(orderStatusEvents.id));
}

export async function countPending(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(eq(orders.userId, userId), eq(orders.status, "pending_payment")),
    );
  return row?.n ?? 0;
}

/** The order's newest refund request, or undefined. */
export async function latestRefund(
  db: Db,
  orderId: number,
): Promise<OrderRefundRow | undefined> {
  const [row] = await db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(desc(orderRefunds.id))
    .limit(1);
  return row;
}
