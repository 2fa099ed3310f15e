// Asks WeChat Pay to pay an approved refund back (#22) and applies its answer. A definite refusal
// undoes the approval (the request waits for review again, the caller hears REFUND_REFUSED); a
// network failure or timeout leaves the refund processing: it may or may not exist at WeChat Pay,
// so the order sweeper asks later (and re-sends the same out_refund_no, which WeChat Pay treats
// as the same refund). With the development emulator, the refund completes a moment later and
// its signed notification is posted to our notify URL, as WeChat Pay would.
import { and, asc, eq, lt } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { isProviderError } from "../../providers/errors";
import { isRefundRefused } from "../../providers/wechatPay/wechatPayErrors";
import type { Db } from "../../db/createDb";
import {
  type OrderRefundRow,
  type OrderRow,
  orderRefunds,
  orders,
} from "../../db/schema";
import { HttpError } from "../../http/errors";
import type { PayProvider } from "../payments/payServices";
import { type NoticeDeps, tellOwner } from "./orderNotices";
import {
  type RefundOutcome,
  type RefundReport,
  type RefundSource,
  settleRefund,
  undoApproval,
} from "./refunds";

/**
 * How long the development emulator "processes" a refund before it notifies; null: it never does
 * (tests of the sweeper's query set this, as a lost notification would).
 */
export const EMULATED_REFUND_NOTIFY: { delayMs: number | null } = {
  delayMs: 1_000,
};

export interface PayoutContext {
  db: Db;
  logger: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  now: () => Date;
  /** Where the owner hears that the money is back. */
  notices: NoticeDeps;
}

/** Applies WeChat Pay's word on a refund and tells the owner when it succeeded (once). */
export async function applyRefundReport(
  context: PayoutContext,
  report: RefundReport,
  source: RefundSource,
): Promise<RefundOutcome> {
  const { outcome, refund, order } = await settleRefund(
    context.db,
    report,
    source,
    context.now(),
  );
  if (outcome === "succeeded")
    await tellOwner(
      context.notices,
      order,
      { kind: "refund_succeeded", amountFen: refund.amountFen },
      `refund-${refund.id}-succeeded`,
    );
  return outcome;
}

/**
 * Sends the refund to WeChat Pay. Resolves with what its answer did to the refund ("unknown" when
 * no answer came: the sweeper asks later); throws 502 REFUND_REFUSED (after undoing the approval)
 * when WeChat Pay refuses it.
 */
export async function payOut(
  context: PayoutContext,
  provider: PayProvider,
  order: OrderRow,
  refund: OrderRefundRow,
): Promise<RefundOutcome | "unknown"> {
  let report;
  try {
    report = await provider.client.createRefund({
      outTradeNo: order.outTradeNo ?? "",
      ...(order.transactionId === null
        ? {}
        : { transactionId: order.transactionId }),
      outRefundNo: refund.outRefundNo,
      reason: refund.reason.slice(0, 80),
      notifyUrl: provider.refundNotifyUrl,
      refundFen: refund.amountFen,
      totalFen: order.totalFen,
    });
  } catch (error) {
    // NOTE: only a refusal means no refund exists; after a timeout it may, so we wait and ask.
    if (isProviderError(error) && isRefundRefused(error)) {
      await undoApproval(context.db, refund, error.code, context.now());
      throw new HttpError(
        "REFUND_REFUSED",
        `WeChat Pay refused refund ${refund.outRefundNo}: ${error.message}`,
        { params: { code: String(error.providerCode ?? error.code) } },
      );
    }
    context.logger.warn(
      { err: error, outRefundNo: refund.outRefundNo },
      "refund request to WeChat Pay did not complete: the sweeper will ask again",
    );
    return "unknown";
  }
  const outcome = await applyRefundReport(context, report, { kind: "create" });
  if (provider.emulator !== null)
    emulateNotification(context, provider, refund.outRefundNo);
  return outcome;
}

/** Development only: completes the refund at the emulator and posts its notification to us. */
function emulateNotification(
  context: PayoutContext,
  provider: PayProvider,
  outRefundNo: string,
): void {
  const emulator = provider.emulator;
  const delayMs = EMULATED_REFUND_NOTIFY.delayMs;
  if (emulator === null || delayMs === null) return;
  const timer = setTimeout(() => {
    void (async () => {
      try {
        emulator.completeRefund(outRefundNo, "SUCCESS");
        const notification = emulator.buildRefundNotification(outRefundNo);
        const response = await fetch(notification.notifyUrl, {
          method: "POST",
          headers: notification.headers,
          body: notification.rawBody,
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok)
          context.logger.warn(
            { status: response.status, outRefundNo },
            "the emulated refund notification was not accepted",
          );
      } catch (error) {
        context.logger.warn(
          { err: error, outRefundNo },
          "the emulator could not deliver the refund notification: the sweeper will ask",
        );
      }
    })();
  }, delayMs);
  timer.unref();
}

/** Approved refunds quiet for this long are asked about (a notification may have been lost). */
export const REFUND_RECONCILE_AFTER_MS = 2 * 60_000;

/**
 * The sweeper's step for refunds: each approved refund still processing after
 * REFUND_RECONCILE_AFTER_MS is queried at WeChat Pay and settled on its answer; one WeChat Pay does
 * not know (our request never arrived) is sent again with the same out_refund_no. Returns how
 * many ended.
 */
export async function reconcileRefunds(
  context: PayoutContext,
  provider: PayProvider,
  batch: number,
): Promise<number> {
  const { db, logger } = context;
  const stale = new Date(context.now().getTime() - REFUND_RECONCILE_AFTER_MS);
  const open = await db
    .select({ refund: orderRefunds, order: orders })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(
      and(
        eq(orderRefunds.status, "processing"),
        lt(orderRefunds.updatedAt, stale),
      ),
    )
    .orderBy(asc(orderRefunds.updatedAt))
    .limit(batch);
  let ended = 0;
  for (const { refund, order } of open) {
    try {
      const report = await provider.client.queryRefund(refund.outRefundNo);
      if (report === null) {
        await payOut(context, provider, order, refund);
        continue;
      }
      const outcome = await applyRefundReport(context, report, {
        kind: "query",
      });
      if (outcome === "succeeded" || outcome === "failed") ended++;
      else await touch(db, refund.id, context.now());
    } catch (error) {
      logger.warn(
        { err: error, outRefundNo: refund.outRefundNo },
        "refund query failed",
      );
    }
  }
  return ended;
}

/** Marks a refund as just asked about, so the next run asks the others first. */
async function touch(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(orderRefunds)
    .set({ updatedAt: now })
    .where(and(eq(orderRefunds.id, id), eq(orderRefunds.status, "processing")));
}
