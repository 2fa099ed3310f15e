// One WeChat Pay attempt for a pending order: reuses the open prepay when it is still fresh and for
// the same channel (and payer), otherwise closes the previous attempt at WeChat (settling it if it
// was paid meanwhile) and places a new one, out_trade_no = masterOrderNo + J|N|H + attempt number.
import { and, eq } from "drizzle-orm";
import { type OrderRow, orders } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { pick } from "../../lib/locale";
import { isProviderError } from "../../providers/errors";
import { beijingRfc3339, outTradeNoFor } from "../orders/orderNumbers";
import { PAY_WINDOW_MS } from "../orders/present";
import { closeAttempt } from "./cancelPending";
import type { PayProvider } from "./payServices";
import type { SettleContext } from "./settlePayment";

/** A prepay_id / code_url lives two hours, an h5_url five minutes; a younger one is reused. */
const PREPAY_REUSE_MS = {
  jsapi: 100 * 60_000,
  native: 100 * 60_000,
  h5: 4 * 60_000,
};

/** How the payer pays: in WeChat (their openid), by QR code, or in a phone browser (their IP). */
export type PayerOf =
  | { channel: "jsapi"; openid: string }
  | { channel: "native" }
  | { channel: "h5"; clientIp: string };

export interface PreparedPayment {
  order: OrderRow;
  prepayId: string | null;
  /** Native code_url or H5 h5_url. */
  codeUrl: string | null;
}

export async function preparePayment(
  context: SettleContext,
  provider: PayProvider,
  order: OrderRow,
  payer: PayerOf,
): Promise<PreparedPayment> {
  requirePayable(order, context.now);
  const { channel } = payer;
  const payerOpenid = payer.channel === "jsapi" ? payer.openid : null;
  const fresh =
    order.outTradeNo !== null &&
    order.payChannel === channel &&
    order.prepayAt !== null &&
    context.now - order.prepayAt.getTime() < PREPAY_REUSE_MS[channel] &&
    order.prepayOpenid === payerOpenid;
  if (fresh) return { order, prepayId: order.prepayId, codeUrl: order.codeUrl };

  if (order.outTradeNo !== null) {
    const paid = await closeAttempt(context, provider, order.outTradeNo);
    if (paid !== null) requirePayable(paid, context.now);
  }
  const attempt = order.payAttempt + 1;
  const outTradeNo = outTradeNoFor(order.masterOrderNo, channel, attempt);
  const input = {
    outTradeNo,
    description: `${pick(order.productTitle, "cn")} ×${order.quantity}`.slice(
      0,
      127,
    ),
    amountFen: order.totalFen,
    appId: provider.appId,
    timeExpire: beijingRfc3339(order.createdAt.getTime() + PAY_WINDOW_MS),
  };
  let prepayId: string | null = null;
  let codeUrl: string | null = null;
  try {
    if (payer.channel === "jsapi") {
      prepayId = await provider.client.createJsapiPrepay({
        ...input,
        payerOpenid: payer.openid,
      });
    } else if (payer.channel === "h5") {
      codeUrl = await provider.client.createH5Prepay({
        ...input,
        payerClientIp: payer.clientIp,
      });
    } else {
      codeUrl = await provider.client.createNativePrepay(input);
    }
  } catch (error) {
    // NOTE: H5 is a product the merchant applies for; without it WeChat answers NO_AUTH.
    if (
      channel === "h5" &&
      isProviderError(error) &&
      error.providerCode === "NO_AUTH"
    )
      throw new HttpError(
        "PAYMENT_H5_UNAVAILABLE",
        `WeChat Pay refused H5 payment (is H5 enabled for this merchant?): ${error.message}`,
        { cause: error },
      );
    throw new HttpError(
      "PAYMENT_REFUSED",
      `WeChat Pay refused the payment: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  const [updated] = await context.db
    .update(orders)
    .set({
      payChannel: channel,
      payAttempt: attempt,
      outTradeNo,
      prepayId,
      codeUrl,
      prepayOpenid: payerOpenid,
      prepayAt: new Date(context.now),
      updatedAt: new Date(context.now),
    })
    .where(
      and(
        eq(orders.id, order.id),
        eq(orders.status, "pending_payment"),
        eq(orders.payAttempt, order.payAttempt),
      ),
    )
    .returning();
  // NOTE: a concurrent request placed its own attempt first; answer with that one.
  if (updated === undefined) {
    const [current] = await context.db
      .select()
      .from(orders)
      .where(eq(orders.id, order.id));
    if (current === undefined)
      throw new HttpError("ORDER_NOT_FOUND", "order not found");
    requirePayable(current, context.now);
    return {
      order: current,
      prepayId: current.prepayId,
      codeUrl: current.codeUrl,
    };
  }
  return { order: updated, prepayId, codeUrl };
}

/** 409 unless the order is pending and inside its payment window. */
export function requirePayable(order: OrderRow, now: number): void {
  if (order.status === "paid")
    throw new HttpError(
      "ORDER_ALREADY_PAID",
      `order ${order.masterOrderNo} is already paid`,
    );
  if (order.status !== "pending_payment")
    throw new HttpError(
      "ORDER_NOT_PAYABLE",
      `order ${order.masterOrderNo} is ${order.status.replace("_", " ")}; it cannot be paid`,
      { params: { status: order.status } },
    );
  if (now >= order.createdAt.getTime() + PAY_WINDOW_MS)
    throw new HttpError(
      "ORDER_PAYMENT_EXPIRED",
      `order ${order.masterOrderNo} was not paid within 30 minutes; place a new order`,
    );
}
