// Calls of the commerce API (orders and payment), one function per endpoint, with their shapes.
// The client never decides that an order is paid (or refunded): it only reports what these calls
// return.
import {
  ORDER_STATUSES,
  type BindOpenidRequest,
  type BindOpenidResult,
  type CreateOrderBody,
  type H5Result,
  type JsapiResult,
  type NativeResult,
  type OauthStateResult,
  type OrderActor,
  type OrderDetailDto,
  type OrderDto,
  type OrderStatus,
  type PayStatus as PayStatusSchema,
  type RefundViewDto,
  type TimelineEntry as TimelineEntrySchema,
} from "#contract";
import type { Static } from "typebox";
import { apiRequest } from "./client";
import type { Locale, Page } from "./types";

// NOTE: re-exported, not copied: the server moves orders through the same list (#contract).
export { ORDER_STATUSES, type OrderStatus };
export type { CreateOrderBody };

export type Order = OrderDto;

/**
 * One move of the order, oldest first. `note` is what the mover wrote (the staff's or monk's words
 * to the owner on a fulfilment move); `photos` are the proof photos' absolute /media URLs.
 * NOTE: `actor` is narrowed to the actors the server records (the schema declares a string), so
 * the timeline can name each one.
 */
export type TimelineEntry = Omit<Static<typeof TimelineEntrySchema>, "actor"> & {
  actor: OrderActor;
};

/** The order's latest refund request, as its owner sees it. */
export type RefundView = RefundViewDto;

/** The owner's order with its timeline, planned date, refund and whether a refund may be asked. */
export type OrderDetail = Omit<OrderDetailDto, "timeline"> & {
  timeline: TimelineEntry[];
};

export type PayStatus = Static<typeof PayStatusSchema>;
export type NativePay = Static<typeof NativeResult>;
/** `h5Url`: WeChat Pay's page for a phone browser; append `&redirect_url=`. */
export type H5Pay = Static<typeof H5Result>;
export type JsapiPay = Static<typeof JsapiResult>;
export type OAuthState = Static<typeof OauthStateResult>;

interface Call {
  signal?: AbortSignal | undefined;
}

const withSignal = (signal: AbortSignal | undefined) =>
  signal ? { signal } : {};

export function createOrder(
  body: CreateOrderBody,
  locale: Locale,
): Promise<OrderDetail> {
  return apiRequest("order/v1/create", {
    method: "POST",
    query: { locale },
    body,
  });
}

export function fetchOrder(
  masterOrderNo: string,
  locale: Locale,
  { signal }: Call = {},
): Promise<OrderDetail> {
  return apiRequest("order/v1/detail", {
    query: { masterOrderNo, locale },
    ...withSignal(signal),
  });
}

export function fetchMyOrders(
  params: {
    status: OrderStatus | undefined;
    page: number;
    pageSize: number;
    locale: Locale;
  },
  { signal }: Call = {},
): Promise<Page<Order>> {
  return apiRequest("order/v1/mine", { query: params, ...withSignal(signal) });
}

export function cancelOrder(masterOrderNo: string): Promise<OrderDetail> {
  return apiRequest("order/v1/cancel", {
    method: "POST",
    body: { masterOrderNo },
  });
}

/** Asks for a refund of my order (reason: 1–200 characters); answers the updated order. */
export function requestRefund(
  masterId: number,
  reason: string,
): Promise<OrderDetail> {
  return apiRequest("order/v1/refund/request", {
    method: "POST",
    body: { masterId, reason },
  });
}

export function fetchPayStatus(
  masterOrderNo: string,
  { signal }: Call = {},
): Promise<PayStatus> {
  return apiRequest("pay/v1/status", {
    query: { masterOrderNo },
    ...withSignal(signal),
  });
}

export function startNativePay(masterOrderNo: string): Promise<NativePay> {
  return apiRequest("pay/v1/native", {
    method: "POST",
    body: { masterOrderNo },
  });
}

export function startH5Pay(masterOrderNo: string): Promise<H5Pay> {
  return apiRequest("pay/v1/h5", {
    method: "POST",
    body: { masterOrderNo },
  });
}

export function startJsapiPay(
  masterOrderNo: string,
  url: string,
): Promise<JsapiPay> {
  return apiRequest("pay/v1/jsapi", {
    method: "POST",
    body: { masterOrderNo, url },
  });
}

export function requestPayOAuthState(
  masterOrderNo: string,
): Promise<OAuthState> {
  return apiRequest("pay/v1/oauthState", {
    method: "POST",
    body: { masterOrderNo },
  });
}

export function bindPayOpenid(
  body: Static<typeof BindOpenidRequest>,
): Promise<Static<typeof BindOpenidResult>> {
  return apiRequest("pay/v1/bindOpenid", { method: "POST", body });
}
