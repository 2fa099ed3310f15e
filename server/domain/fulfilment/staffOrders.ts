// The staff's view of orders (#22): the work queues (a monk's agenda, paid orders to start, orders
// in service to complete, refund requests to review, or every paid-for order), optionally one
// customer's or those a search finds, limited to a monk's own services; each with its detail, the
// customer and what the caller may do now.
import {
  type OrderStatus,
  staffMoves,
  type StaffOrderDetailDto,
  type StaffOrderQueue,
} from "#contract";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import { type OrderRefundRow, users } from "../../db/schema";
import { HttpError } from "../../http/errors";
import type { Locale } from "../../lib/locale";
import { rowsOf } from "../messenger/wireMessage";
import {
  findOrderViews,
  latestRefunds,
  type OrderView,
  orderTimelines,
} from "../orders/orderQueries";
import { presentOrderDetail } from "../orders/present";
import { assertMayWorkOn, orderScope, type StaffMember } from "./staffAccess";

export interface StaffOrdersFilter {
  queue: StaffOrderQueue;
  status?: OrderStatus | undefined;
  userId?: number | undefined;
  /** Part of the order number, or of the customer's nickname or IM id (any case). */
  q?: string | undefined;
  page: number;
  pageSize: number;
}

const PAID_FOR = sql`o.status in ('paid', 'in_service', 'completed', 'refunded')`;

/** Each queue's condition (on o, the order, and r, its newest refund) and its working order. */
function queueOf(queue: StaffOrderQueue) {
  switch (queue) {
    case "agenda":
      // NOTE: a past planned date sorts first, so the overdue ones lead the day.
      return {
        where: sql`o.status in ('in_service', 'paid')`,
        order: sql`(o.status = 'paid') asc, o.planned_at asc nulls last,
          o.paid_at asc nulls last, o.id asc`,
      };
    case "to_start":
      return {
        where: sql`o.status = 'paid'`,
        order: sql`o.paid_at asc, o.id asc`,
      };
    case "in_service":
      return {
        where: sql`o.status = 'in_service'`,
        order: sql`o.planned_at asc nulls last, o.id asc`,
      };
    case "refund_requested":
      return {
        where: sql`r.status = 'requested'`,
        order: sql`r.requested_at asc, o.id asc`,
      };
    case "all":
      return {
        where: PAID_FOR,
        order: sql`o.paid_at desc nulls last, o.id desc`,
      };
  }
}

/** What `staff` may do to an order now. */
export function allowedMoves(
  staff: StaffMember,
  view: OrderView,
  refund: OrderRefundRow | undefined,
): StaffOrderDetailDto["can"] {
  return staffMoves(
    view.order.status,
    refund?.status,
    staff.isService || staff.isAdmin,
  );
}

/** Details of `views` for the staff, with their customers. */
export async function staffDetails(
  db: Db,
  staff: StaffMember,
  views: readonly OrderView[],
  locale: Locale,
  publicUrl: string,
): Promise<StaffOrderDetailDto[]> {
  const ids = views.map((view) => view.order.id);
  const customerIds = [...new Set(views.map((view) => view.order.userId))];
  const [timelines, refunds, customers] = await Promise.all([
    orderTimelines(db, ids),
    latestRefunds(db, ids),
    customerIds.length === 0
      ? Promise.resolve([])
      : db
          .select({
            userId: users.id,
            imId: users.imId,
            nickname: users.nickname,
            avatarUrl: users.avatarUrl,
          })
          .from(users)
          .where(inArray(users.id, customerIds)),
  ]);
  const byId = new Map(customers.map((c) => [c.userId, c]));
  return views.map((view) => {
    const refund = refunds.get(view.order.id);
    const customer = byId.get(view.order.userId);
    return {
      ...presentOrderDetail(view, timelines.get(view.order.id) ?? [], locale, {
        refund,
        publicUrl,
      }),
      customer: customer ?? {
        userId: view.order.userId,
        imId: "",
        nickname: "",
        avatarUrl: "",
      },
      can: allowedMoves(staff, view, refund),
    };
  });
}

/** `text` as a LIKE pattern finding it anywhere, its wildcards (and the escape) escaped. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The search's condition on o (the order) and cu (its customer); none for a blank search. */
function searchOf(q: string | undefined) {
  const text = q?.trim() ?? "";
  if (text === "") return sql``;
  const like = containsPattern(text);
  return sql`and (lower(o.master_order_no) like ${like} escape '\\'
    or lower(cu.nickname) like ${like} escape '\\'
    or lower(cu.im_id) like ${like} escape '\\')`;
}

export async function listStaffOrders(
  db: Db,
  staff: StaffMember,
  filter: StaffOrdersFilter,
  locale: Locale,
  publicUrl: string,
): Promise<{ list: StaffOrderDetailDto[]; total: number }> {
  const queue = queueOf(filter.queue);
  const where = sql`${orderScope(staff)} and ${queue.where}
    ${filter.status === undefined ? sql`` : sql`and o.status = ${filter.status}`}
    ${filter.userId === undefined ? sql`` : sql`and o.user_id = ${filter.userId}`}
    ${searchOf(filter.q)}`;
  const from = sql`from orders o
    join products p on p.id = o.product_id
    join users cu on cu.id = o.user_id
    left join lateral (
      select status, requested_at from order_refunds
      where order_id = o.id order by id desc limit 1
    ) r on true`;
  const [totals, idRows] = await Promise.all([
    db.execute(sql`select count(*)::int as n ${from} where ${where}`),
    db.execute(sql`select o.id ${from} where ${where}
      order by ${queue.order}
      limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`),
  ]);
  const total = rowsOf<{ n: number }>(totals)[0]?.n ?? 0;
  const views = await findOrderViews(
    db,
    rowsOf<{ id: number }>(idRows).map((row) => row.id),
  );
  return {
    list: await staffDetails(db, staff, views, locale, publicUrl),
    total,
  };
}

/** One order as the staff see it; 404 for a monk asking for another monk's order. */
export async function staffOrderDetail(
  db: Db,
  staff: StaffMember,
  orderId: number,
  locale: Locale,
  publicUrl: string,
): Promise<StaffOrderDetailDto> {
  await assertMayWorkOn(db, staff, orderId);
  const [view] = await findOrderViews(db, [orderId]);
  if (view === undefined)
    throw new HttpError("ORDER_NOT_FOUND", "order not found");
  const [detail] = await staffDetails(db, staff, [view], locale, publicUrl);
  if (detail === undefined) throw new Error("staff detail missing");
  return detail;
}
