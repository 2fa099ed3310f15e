// Turns order rows into the API shape for one locale. Pure: no queries here.
import {
  isRefundable,
  MEDIA_PREFIX,
  type OrderDetailDto,
  type OrderDto,
  payBeforeOf,
  type RefundViewDto,
} from "#contract";
import type { OrderRefundRow } from "../../db/schema";
import { type Locale, pick } from "../../lib/locale";
import type { ListedOrderView, OrderView, TimelineRow } from "./orderQueries";

/** Unpaid orders are cancelled this long after creation (contract/orderRules.ts). */
export { PAY_WINDOW_MS } from "#contract";

const iso = (at: Date | null): string | null => at?.toISOString() ?? null;
const isoMs = (ms: number | null): string | null =>
  ms === null ? null : new Date(ms).toISOString();

export function presentOrder(view: ListedOrderView, locale: Locale): OrderDto {
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
    payBefore: isoMs(payBeforeOf(order.status, order.createdAt.getTime())),
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
    refundable: isRefundable(view.order.status, extras.refund?.status),
  };
}
