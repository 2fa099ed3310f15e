// Cancelling an unpaid order safely: when a WeChat Pay attempt is open, WeChat is asked first. Paid
// there → the order becomes paid instead (409 to a user who wanted to cancel); otherwise the
// attempt is closed, so it can no longer be paid, and only then is the order cancelled.
import { isProviderError } from "../../providers/errors";
import type { OrderRow } from "../../db/schema";
import { HttpError } from "../../http/errors";
import type { OrderActor } from "../orders/orderStatus";
import { transitionOrder } from "../orders/transitionOrder";
import type { PayProvider } from "./payServices";
import { type SettleContext, settleTransaction } from "./settlePayment";

export type CancelOutcome =
  { kind: "cancelled"; order: OrderRow } | { kind: "paid"; order: OrderRow };

export async function cancelPending(
  context: SettleContext,
  provider: PayProvider | null,
  order: OrderRow,
  actor: OrderActor,
  note: string,
): Promise<CancelOutcome> {
  if (order.status === "pending_payment" && order.outTradeNo !== null) {
    if (provider === null)
      throw new HttpError(
        "PAYMENT_UNAVAILABLE",
        "WeChat Pay is unavailable: try again later",
      );
    const paid = await closeAttempt(context, provider, order.outTradeNo);
    if (paid !== null) return { kind: "paid", order: paid };
  }
  const moved = await transitionOrder(context.db, {
    orderId: order.id,
    to: "cancelled",
    actor,
    note,
    now: new Date(context.now),
  });
  return { kind: "cancelled", order: moved.order };
}

/**
 * Closes one WeChat Pay attempt of a pending order. Returns the order when WeChat says it was paid
 * (now settled), null when the attempt is closed (or never reached WeChat). Throws 503 when WeChat
 * cannot be asked: cancelling blind could cancel a paid order.
 */
export async function closeAttempt(
  context: SettleContext,
  provider: PayProvider,
  outTradeNo: string,
): Promise<OrderRow | null> {
  try {
    const transaction = await provider.client.queryByOutTradeNo(outTradeNo);
    if (transaction.tradeState === "SUCCESS") {
      const settled = await settleTransaction(context, provider, transaction, {
        kind: "query",
      });
      return settled.order;
    }
    if (transaction.tradeState !== "CLOSED")
      await provider.client.closeOrder(outTradeNo);
    return null;
  } catch (error) {
    if (isProviderError(error)) {
      if (
        error.code === "PAY_ORDER_NOT_FOUND" ||
        error.code === "PAY_ORDER_CLOSED"
      )
        return null;
      if (error.code === "PAY_ORDER_PAID") {
        const transaction = await provider.client.queryByOutTradeNo(outTradeNo);
        return (
          await settleTransaction(context, provider, transaction, {
            kind: "query",
          })
        ).order;
      }
      throw new HttpError(
        "PAYMENT_UNAVAILABLE",
        `WeChat Pay did not answer (${error.code}): try again later`,
        {
          cause: error,
        },
      );
    }
    throw error;
  }
}
