// Calls of the temple staff's order desk (#22): the work queues, one order with its customer and
// what the caller may do now, the fulfilment moves, the refund review and the proof photo uploads.
// Monks (their services' orders), service staff and admins only: others are refused FORBIDDEN.
// The shapes are the server's own schemas (#contract), as types only: nothing of typebox is bundled.
import type {
  FulfilRequest,
  OrderCustomer as OrderCustomerSchema,
  RefundReviewBody as RefundReviewBodySchema,
  RefundView as RefundViewSchema,
  StaffCan as StaffCanSchema,
  StaffOrderDetail as StaffOrderDetailSchema,
  StaffOrdersQuery,
  TimelineEntry,
  UploadedImage as UploadedImageSchema,
} from "#contract";
import type { Static } from "typebox";
import { apiRequest } from "./client";
import type { Locale, Page } from "./types";

export type RefundView = Static<typeof RefundViewSchema>;

/**
 * One move of the order, oldest first; a fulfilment move carries its photos and planned date.
 * NOTE: `actor` stays a string as the server declares it (commerce.ts narrows it for the owner).
 */
export type StaffTimelineEntry = Static<typeof TimelineEntry>;
/** The customer beside an order (no contact details). */
export type OrderCustomer = Static<typeof OrderCustomerSchema>;
/** What the caller may do with the order now. */
export type StaffCan = Static<typeof StaffCanSchema>;
export type StaffOrderDetail = Static<typeof StaffOrderDetailSchema>;

type StaffOrdersQueryFields = Static<typeof StaffOrdersQuery>;
/**
 * The work list's query. NOTE: narrower than the server's (which defaults queue, page, pageSize
 * and locale): the tab always names them, so a list never depends on a server default.
 */
export type StaffOrdersParams = {
  [K in "queue" | "page" | "pageSize" | "locale"]-?: NonNullable<
    StaffOrdersQueryFields[K]
  >;
} & {
  [K in "status" | "userId" | "q"]?: StaffOrdersQueryFields[K] | undefined;
};

type FulfilRequestBody = Static<typeof FulfilRequest>;
type FulfilFields = Omit<
  FulfilRequestBody,
  "status" | "plannedAt" | "photoFileIds"
>;
/**
 * A fulfilment move. NOTE: narrower than the server's body (which makes both optional and refuses
 * a missing one with PLANNED_AT_REQUIRED / PROOF_PHOTO_REQUIRED): each move's field is required.
 */
export type FulfilBody =
  | (FulfilFields & {
      status: Extract<FulfilRequestBody["status"], "in_service">;
      /** ISO date-time, at most FULFILMENT_LIMITS.plannedMaxDaysAhead days ahead. */
      plannedAt: string;
    })
  | (FulfilFields & {
      status: Extract<FulfilRequestBody["status"], "completed">;
      /** 1 to FULFILMENT_LIMITS.maxPhotos stored names (UploadedImage.name). */
      photoFileIds: string[];
    });

export type RefundReviewBody = Static<typeof RefundReviewBodySchema>;

/** What `file/v1/upload` answers: `name` is what a fulfilment move names the photo by. */
export type UploadedImage = Static<typeof UploadedImageSchema>;

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
