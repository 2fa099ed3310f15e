// Loads everything an order's detail shows (the order with its product, the timeline, the latest
// refund) and shapes it for one locale: the one place the owner's and the staff's detail come from.
import type { Db } from "../../db/createDb";
import { HttpError } from "../../http/errors";
import { DEFAULT_LOCALE, type Locale } from "../../lib/locale";
import {
  findOrderView,
  latestRefund,
  type OrderView,
  orderTimeline,
} from "./orderQueries";
import { presentOrderDetail } from "./present";
import type { OrderDetailDto } from "#contract";

export async function orderDetailOf(
  db: Db,
  view: OrderView,
  locale: Locale = DEFAULT_LOCALE,
  publicUrl: string,
): Promise<OrderDetailDto> {
  const [timeline, refund] = await Promise.all([
    orderTimeline(db, view.order.id),
    latestRefund(db, view.order.id),
  ]);
  return presentOrderDetail(view, timeline, locale, { refund, publicUrl });
}

/** The detail of order `orderId` (any owner: callers check access first); 404 when missing. */
export async function orderDetailById(
  db: Db,
  orderId: number,
  locale: Locale | undefined,
  publicUrl: string,
): Promise<OrderDetailDto> {
  const view = await findOrderView(db, orderId);
  if (view === undefined)
    throw new HttpError("ORDER_NOT_FOUND", "order not found");
  return orderDetailOf(db, view, locale, publicUrl);
}
