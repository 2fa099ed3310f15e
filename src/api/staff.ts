// Calls of the temple staff's order desk (#22): the work queues, one order with its customer and
// what the caller may do now, the fulfilment moves, the refund review and the proof photo uploads.
// Monks (their services' orders), service staff and admins only: others are refused FORBIDDEN.
// NOTE: the shapes re-type server/domain/fulfilment/schemas.ts; tests/src/api/staff.test.ts fails
// the type check when the two drift apart.
import type { FulfilStatus, StaffOrderQueue } from "#contract";
import { apiRequest } from "./client";
import type { Order, OrderStatus, RefundView } from "./commerce";
import type { Locale, Page } from "./types";

export type { RefundView };

/**
 * One move of the order, oldest first; a fulfilment move carries its photos and planned date.
 * NOTE: `actor` stays a string as the server declares it (commerce.ts narrows it for the owner).
 */
export interface StaffTimelineEntry {
  status: OrderStatus;
  from: OrderStatus | null;
  at: string;
  /** user | system | wechat_pay | admin | staff | monk */
  actor: string;
  note: string;
  /** Absolute media URLs of the proof photos given with the move. */
  photos: string[];
  /** in_service: when the blessing is held. */
  plannedAt: string | null;
}

/** The customer beside an order (no contact details). */
export interface OrderCustomer {
  userId: number;
  imId: string;
  nickname: string;
  avatarUrl: string;
}

/** What the caller may do with the order now. */
export interface StaffCan {
  startService: boolean;
  complete: boolean;
  reviewRefund: boolean;
}

export type StaffOrderDetail = Order & {
  timeline: StaffTimelineEntry[];
  plannedAt: string | null;
  refund: RefundView | null;
  refundable: boolean;
  customer: OrderCustomer;
  can: StaffCan;
};

export interface StaffOrdersParams {
  queue: StaffOrderQueue;
  status?: OrderStatus | undefined;
  /** Only this customer's orders. */
  userId?: number | undefined;
  /** Part of the order number, or of the customer's nickname or IM id. */
  q?: string | undefined;
  page: number;
  pageSize: number;
  locale: Locale;
}

export type FulfilBody =
  | {
      masterId: number;
      status: Extract<FulfilStatus, "in_service">;
      /** ISO date-time, at most FULFILMENT_LIMITS.plannedMaxDaysAhead days ahead. */
      plannedAt: string;
      note?: string;
    }
  | {
      masterId: number;
      status: Extract<FulfilStatus, "completed">;
      /** 1 to FULFILMENT_LIMITS.maxPhotos stored names (UploadedImage.name). */
      photoFileIds: string[];
      note?: string;
    };

export interface RefundReviewBody {
  masterId: number;
  approve: boolean;
  /** Required when declining: the owner reads it. */
  reason?: string;
}

/** What `file/v1/upload` answers: `name` is what a fulfilment move names the photo by. */
export interface UploadedImage {
  name: string;
  url: string;
  width: number;
  height: number;
}

interface Call {
  signal?: AbortSignal | undefined;
}

const withSignal = (signal: AbortSignal | undefined) =>
  signal ? { signal } : {};

export function fetchStaffOrders(
  params: StaffOrdersParams,
  { signal }: Call = {},
): Promise<Page<StaffOrderDetail>> {
  return apiRequest("order/v1/staff/list", {
    query: { ...params },
    ...withSignal(signal),
  });
}

export function fetchStaffOrder(
  masterId: number,
  locale: Locale,
  { signal }: Call = {},
): Promise<StaffOrderDetail> {
  return apiRequest("order/v1/staff/detail", {
    query: { masterId, locale },
    ...withSignal(signal),
  });
}

/** Moves a paid order to in_service (with the planned date) or completed (with proof photos). */
export function fulfilOrder(
  body: FulfilBody,
  locale: Locale,
): Promise<StaffOrderDetail> {
  return apiRequest("order/v1/fulfil", {
    method: "POST",
    query: { locale },
    body,
  });
}

export function reviewRefund(
  body: RefundReviewBody,
  locale: Locale,
): Promise<StaffOrderDetail> {
  return apiRequest("order/v1/refund/review", {
    method: "POST",
    query: { locale },
    body,
  });
}

/** Uploads one proof photo (multipart field `file`). */
export function uploadProofPhoto(
  file: Blob,
  filename: string,
  { signal }: Call = {},
): Promise<UploadedImage> {
  const form = new FormData();
  form.append("file", file, filename);
  return apiRequest("file/v1/upload", {
    method: "POST",
    body: form,
    ...withSignal(signal),
  });
}

/** Deletes a photo uploaded for a move that was not made (frees the uploader's quota). */
export function deleteUpload(name: string): Promise<null> {
  return apiRequest(`file/v1/${encodeURIComponent(name)}`, {
    method: "DELETE",
  });
}
