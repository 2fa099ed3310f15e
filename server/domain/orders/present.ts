// Turns order rows into the API shape for one locale. Pure: no queries here.
import { type Locale, pick } from "../../lib/locale";
import type { OrderView, TimelineRow } from "./orderQueries";
import type { OrderDetailDto, OrderDto } from "./schemas";

/** Unpaid orders are cancelled this long after creation. */
export const PAY_WINDOW_MS = 30 * 60_000;

const iso = (at: Date | null): string | null => at?.toISOString() ?? null;

export function presentOrder(view: OrderView, locale: Locale): OrderDto {
  const { order } = view;
  return {
    masterId: order.id,
    masterOrderNo: order.masterOrderNo,
    id: order.productId,
    status: order.status,
    product: {
      id: order.productId,
      category: view.product.category,
      title: pick(order.productTitle, locale),
      cover: view.product.cover,
      monkName: view.monkName === null ? null : pick(view.monkName, locale),
      monkImId: view.monkImId,
    },
    option: {
      id: order.optionId,
      label: pick(order.optionLabel, locale),
      days: order.days,
    },
    quantity: order.quantity,
    unitPriceFen: order.unitPriceFen,
    totalFen: order.totalFen,
    beneficiaryName: order.beneficiaryName,
    wish: order.wish,
    birthDate: order.birthDate,
    showOnWall: order.showOnWall,
    payChannel: order.payChannel,
    openidBound: order.payerOpenid !== null,
    createdAt: order.createdAt.toISOString(),
    payBefore:
      order.status === "pending_payment"
        ? new Date(order.createdAt.getTime() + PAY_WINDOW_MS).toISOString()
        : null,
    paidAt: iso(order.paidAt),
    serviceStartedAt: iso(order.serviceStartedAt),
    completedAt: iso(order.completedAt),
    cancelledAt: iso(order.cancelledAt),
    refundedAt: iso(order.refundedAt),
  };
}

export function presentOrderDetail(
  view: OrderView,
  timeline: TimelineRow[],
  locale: Locale,
): OrderDetailDto {
  return {
    ...presentOrder(view, locale),
    timeline: timeline.map((event) => ({
      status: event.toStatus,
      from: event.fromStatus,
      at: event.at.toISOString(),
      actor: event.actor,
      note: event.note,
    })),
  };
}
