// What the order API and its clients share: an order's statuses (the server alone moves them),
// the payment channels, and the form of the order number people see.

/** An order's life; the server alone moves it (server/domain/orders/orderStatus.ts). */
export const ORDER_STATUSES = [
  "pending_payment",
  "paid",
  "in_service",
  "completed",
  "cancelled",
  "refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Who moved an order (a timeline entry's actor): the customer, the server, WeChat Pay, staff. */
export type OrderActor =
  "user" | "system" | "wechat_pay" | "admin" | "staff" | "monk";

/** How an order was paid with WeChat Pay: in WeChat, by QR code, or in a phone browser. */
export const PAY_CHANNELS = ["jsapi", "native", "h5"] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];

/** The order number people see (masterOrderNo): 18 digits. */
export const MASTER_ORDER_NO_PATTERN = "^\\d{18}$";
