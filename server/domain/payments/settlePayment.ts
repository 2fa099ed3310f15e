// Applies what WeChat Pay reports about a payment (a verified notification or a query answer) to
// our order: it must be our order, merchant, app and amount; SUCCESS moves pending → paid exactly
// once (replays and concurrent deliveries are no-ops); every report is recorded in payment_events.
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "../../db/createDb";
import { type OrderRow, orders, paymentEvents } from "../../db/schema";
import { HttpError } from "../../http/errors";
import type { WechatPayTransaction } from "../../providers/wechatPay/wechatPayTypes";
import { masterOrderNoOf } from "../orders/orderNumbers";
import { OrderStateError } from "../orders/orderStatus";
import { transitionOrder } from "../orders/transitionOrder";
import type { PayProvider } from "./payServices";

export type SettleOutcome =
  /** This report moved the order to paid. */
  | "paid"
  /** The order was already paid (a replay, or the other path got there first). */
  | "already_paid"
  /** Paid at WeChat, but the order is no longer payable (e.g. cancelled): refund by hand. */
  | "late"
  /** Not a successful payment (NOTPAY, CLOSED …): nothing to do. */
  | "ignored";

export interface SettleContext {
  db: Db;
  now: number;
  logger: Pick<Logger, "error" | "info">;
}

export async function settleTransaction(
  context: SettleContext,
  provider: PayProvider,
  transaction: WechatPayTransaction,
  source: { kind: "notify"; notificationId: string } | { kind: "query" },
): Promise<{ outcome: SettleOutcome; order: OrderRow }> {
  const { db } = context;
  const masterOrderNo = masterOrderNoOf(transaction.outTradeNo);
  const [order] =
    masterOrderNo === null
      ? []
      : await db
          .select()
          .from(orders)
          .where(eq(orders.masterOrderNo, masterOrderNo));
  if (order === undefined)
    throw new HttpError(
      "PAYMENT_ORDER_UNKNOWN",
      `no order for out_trade_no ${transaction.outTradeNo}`,
    );
  // NOTE: throws PAY_MERCHANT_MISMATCH / PAY_AMOUNT_MISMATCH: never paid on a mismatch.
  provider.client.assertMatchesOrder(transaction, {
    outTradeNo: transaction.outTradeNo,
    amountFen: order.totalFen,
  });

  let outcome: SettleOutcome = "ignored";
  let result = order;
  if (transaction.tradeState === "SUCCESS") {
    const paidAt =
      parseSuccessTime(transaction.successTime) ?? new Date(context.now);
    try {
      const moved = await transitionOrder(db, {
        orderId: order.id,
        to: "paid",
        actor: "wechat_pay",
        note: `${source.kind === "notify" ? "notification" : "query"}; transaction ${transaction.transactionId ?? "?"}`,
        now: new Date(context.now),
        set: {
          paidAt,
          transactionId: transaction.transactionId ?? null,
          ...(transaction.payerOpenid === undefined
            ? {}
            : { payerOpenid: transaction.payerOpenid }),
        },
      });
      outcome = moved.changed ? "paid" : "already_paid";
      result = moved.order;
    } catch (error) {
      if (!(error instanceof OrderStateError)) throw error;
      outcome = error.from === "cancelled" ? "late" : "already_paid";
      if (outcome === "late")
        context.logger.error(
          {
            masterOrderNo: order.masterOrderNo,
            status: error.from,
            transactionId: transaction.transactionId,
          },
          "payment arrived for an order that is no longer payable: refund it in the merchant platform",
        );
    }
  }
  await db
    .insert(paymentEvents)
    .values({
      orderId: order.id,
      source: source.kind,
      notificationId: source.kind === "notify" ? source.notificationId : null,
      outTradeNo: transaction.outTradeNo,
      transactionId: transaction.transactionId ?? null,
      tradeState: transaction.tradeState,
      amountFen: transaction.amount.total,
      outcome,
      at: new Date(context.now),
    })
    .onConflictDoNothing();
  return { outcome, order: result };
}

function parseSuccessTime(value: string | undefined): Date | null {
  if (value === undefined) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}
