// Turns order rows into the API shape for one locale. Pure: no queries here.
import {
  MEDIA_PREFIX,
  OPEN_REFUND_STATUSES,
  type OrderDetailDto,
  type OrderDto,
  type RefundViewDto,
} from "#contract";
import type { OrderRefundRow } from "../../db/schema";
import { type Locale, pick } from "../../lib/locale";
import type { OrderView, TimelineRow } from "./orderQueries";
import { REFUNDABLE_STATUSES } from "./orderStatus";

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

/** What the detail shows besides the order row: its latest refund and where media is served. */
export interface OrderDetailExtras {
  refund: OrderRefundRow | undefined;
  /** The public origin media URLs start with (PUBLIC_URL). */
  publicUrl: string;
}

export function presentRefund(refund: OrderRefundRow): RefundViewDto {
  return {
    status: refund.status,
    reason: refund.reason,
    reviewReason: refund.reviewReason,
    amountFen: refund.amountFen,
    requestedAt: refund.requestedAt.toISOString(),
    reviewedAt: iso(refund.reviewedAt),
    refundedAt: iso(refund.refundedAt),
  };
}

/** Whether the owner may ask for a refund now: paid, not completed, none under way. */
export function isRefundable(
  view: OrderView,
  refund: OrderRefundRow | undefined,
): boolean {
  return (
    REFUNDABLE_STATUSES.includes(view.order.status) &&
    (refund === undefined || !OPEN_REFUND_STATUSES.includes(refund.status))
  );
}

export function presentOrderDetail(
  view: OrderView,
  timeline: TimelineRow[],
  locale: Locale,
  extras: OrderDetailExtras,
): OrderDetailDto {
  const base = extras.publicUrl.replace(/\/$/, "");
  return {
    ...presentOrder(view, locale),
    timeline: timeline.map((event) => ({
      status: event.toStatus,
      from: event.fromStatus,
      at: event.at.toISOString(),
      actor: event.actor,
      note: event.note,
      photos: event.photos.map((name) => `${base}${MEDIA_PREFIX}/${name}`),
      plannedAt: iso(event.plannedAt),
    })),
    plannedAt: iso(view.order.plannedAt),
    refund: extras.refund === undefined ? null : presentRefund(extras.refund),
    refundable: isRefundable(view, extras.refund),
  };
}
