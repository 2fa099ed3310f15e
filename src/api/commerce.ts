// Calls of the commerce API (orders and payment), one function per endpoint, with their shapes.
// The client never decides that an order is paid (or refunded): it only reports what these calls
// return.
import {
  ORDER_STATUSES,
  type OrderActor,
  type OrderStatus,
  type RefundStatus,
} from "#contract";
import { apiRequest } from "./client";
import type { Locale, Page, ProductCategory } from "./types";

// NOTE: re-exported, not copied: the server moves orders through the same list (#contract).
export { ORDER_STATUSES, type OrderStatus };

export interface Order {
  masterId: number;
  masterOrderNo: string;
  id: number;
  status: OrderStatus;
  product: {
    id: number;
    category: ProductCategory;
    title: string;
    cover: string;
    monkName: string | null;
    monkImId: string | null;
  };
  option: { id: number; label: string; days: number };
  quantity: number;
  unitPriceFen: number;
  totalFen: number;
  beneficiaryName: string | null;
  wish: string | null;
  birthDate: string | null;
  showOnWall: boolean;
  payChannel: "jsapi" | "native" | "h5" | null;
  openidBound: boolean;
  createdAt: string;
  payBefore: string | null;
  paidAt: string | null;
  serviceStartedAt: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
  refundedAt: string | null;
}

export interface TimelineEntry {
  status: OrderStatus;
  from: OrderStatus | null;
  at: string;
  actor: OrderActor;
  /** What the mover wrote; the staff's or monk's words to the owner on a fulfilment move. */
  note: string;
  /** Absolute /media URLs of the proof photos given with the move (completed). */
  photos: string[];
  /** in_service: when the blessing is held. */
  plannedAt: string | null;
}

/** The order's latest refund request, as its owner sees it. */
export interface RefundView {
  status: RefundStatus;
  reason: string;
  /** Why staff declined (or a note with the approval); null before review. */
  reviewReason: string | null;
  amountFen: number;
  requestedAt: string;
  reviewedAt: string | null;
  refundedAt: string | null;
}

export type OrderDetail = Order & {
  /** Oldest first. */
  timeline: TimelineEntry[];
  /** When the blessing is (or was) held, once staff planned it. */
  plannedAt: string | null;
  /** The latest refund request, if any. */
  refund: RefundView | null;
  /** The owner may ask for a refund now. */
  refundable: boolean;
};

export interface CreateOrderBody {
  productId: number;
  optionId: number;
  quantity: number;
  beneficiaryName?: string;
  wish?: string;
  birthDate?: string;
  showOnWall?: boolean;
}

export interface PayStatus {
  masterId: number;
  masterOrderNo: string;
  status: OrderStatus;
  paid: boolean;
  paidAt: string | null;
}

export interface NativePay {
  masterId: number;
  masterOrderNo: string;
  totalFen: number;
  payBefore: string;
  emulator: boolean;
  codeUrl: string;
}

export interface H5Pay {
  masterId: number;
  masterOrderNo: string;
  totalFen: number;
  payBefore: string;
  emulator: boolean;
  /** WeChat Pay's page for a phone browser; append `&redirect_url=`. */
  h5Url: string;
}

export interface JsapiPay {
  masterId: number;
  masterOrderNo: string;
  totalFen: number;
  payBefore: string;
  emulator: boolean;
  appId: string;
  timeStamp: string;
  nonceStr: string;
  packageVal: string;
  signType: "RSA";
  paySign: string;
  config: {
    appId: string;
    timestamp: number;
    nonceStr: string;
    signature: string;
  };
  cashierUrl: string | null;
}

export interface OAuthState {
  state: string;
  appId: string;
  redirectUrl: string;
  authorizeUrl: string;
}

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

export function bindPayOpenid(body: {
  code: string;
  state: string;
  masterId: number;
}): Promise<{ masterId: number; masterOrderNo: string; openidBound: true }> {
  return apiRequest("pay/v1/bindOpenid", { method: "POST", body });
}
