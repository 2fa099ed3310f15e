// The periodic job over unpaid orders, safe to run from several places at once (every move is an
// idempotent transition): (1) reconciliation — pending orders whose prepay is older than 5 minutes
// are queried at WeChat Pay and marked paid on SUCCESS; (2) auto-cancel — orders unpaid 30 minutes
// after creation are cancelled (their WeChat attempt closed first); (3) refunds — approved refunds
// still processing are asked about (fulfilment/refundPayouts.ts). Also runnable on demand. On a
// schedule it runs once per period across all app servers (server/lib/periodicJob.ts).
import { and, asc, eq, isNotNull, lt } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "../../db/createDb";
import { orders } from "../../db/schema";
import { isProviderError } from "../../providers/errors";
import type { Clock } from "../../providers/lib/runtime";
import { schedulePeriodic } from "../../lib/periodicJob";
import { reconcileRefunds } from "../fulfilment/refundPayouts";
import type { ImEngine } from "../messenger/ImEngine";
import { PAY_WINDOW_MS } from "../orders/present";
import { cancelPending } from "./cancelPending";
import type { PayServices } from "./payServices";
import { settleTransaction } from "./settlePayment";

export const SWEEP_RULES = {
  /** Prepays at least this old are asked about (a notification may have been lost). */
  reconcileAfterMs: 5 * 60_000,
  /** Orders handled per step and run. */
  batch: 100,
} as const;

export interface SweepReport {
  /** Orders marked paid because WeChat Pay said SUCCESS. */
  reconciled: number;
  cancelled: number;
  /** Orders left for the next run (WeChat Pay could not be asked). */
  skipped: number;
  /** Refunds that ended (succeeded or failed) on WeChat Pay's answer to our query. */
  refundsSettled: number;
}

export interface OrderSweeperDeps {
  db: Db;
  clock: Clock;
  logger: Pick<Logger, "error" | "info" | "warn">;
  pay: Pick<PayServices, "provider">;
  /** For telling owners their refund arrived (absent in the admin CLI: no chat then). */
  im?: Pick<ImEngine, "send">;
}

export class OrderSweeper {
  readonly #deps: OrderSweeperDeps;
  #running: Promise<SweepReport> | undefined;
  #stopSchedule: (() => Promise<void>) | undefined;

  constructor(deps: OrderSweeperDeps) {
    this.#deps = deps;
  }

  /** One pass; a call while a pass is running joins it. */
  runOnce(): Promise<SweepReport> {
    this.#running ??= this.#pass().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  /** Runs a pass every `intervalMs` on whichever app server claims the period first. */
  start(intervalMs: number): void {
    if (this.#stopSchedule !== undefined) return;
    const { db, clock, logger } = this.#deps;
    this.#stopSchedule = schedulePeriodic({
      db,
      clock,
      logger,
      name: "order-sweep",
      intervalMs,
      run: () => this.runOnce(),
    });
  }

  /** Stops the schedule and waits for a running pass. */
  async stop(): Promise<void> {
    await this.#stopSchedule?.();
    this.#stopSchedule = undefined;
    await this.#running?.catch(() => undefined);
  }

  async #pass(): Promise<SweepReport> {
    const { db, clock, logger } = this.#deps;
    const report: SweepReport = {
      reconciled: 0,
      cancelled: 0,
      skipped: 0,
      refundsSettled: 0,
    };
    const provider = await this.#deps.pay.provider();
    const now = clock();
    const context = { db, now, logger };

    if (provider !== null) {
      const open = await db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.status, "pending_payment"),
            isNotNull(orders.outTradeNo),
            lt(orders.prepayAt, new Date(now - SWEEP_RULES.reconcileAfterMs)),
          ),
        )
        .orderBy(asc(orders.prepayAt))
        .limit(SWEEP_RULES.batch);
      for (const order of open) {
        if (order.outTradeNo === null) continue;
        try {
          const transaction = await provider.client.queryByOutTradeNo(
            order.outTradeNo,
          );
          if (transaction.tradeState !== "SUCCESS") continue;
          const { outcome } = await settleTransaction(
            context,
            provider,
            transaction,
            { kind: "query" },
          );
          if (outcome === "paid") report.reconciled++;
        } catch (error) {
          // NOTE: an attempt WeChat Pay does not know was never paid (the development emulator
          // forgets its orders on a restart): nothing to reconcile, and the 30-minute cancel
          // below still closes the order. Not a failure worth a warning every run.
          if (isProviderError(error) && error.code === "PAY_ORDER_NOT_FOUND")
            continue;
          logger.warn(
            { err: error, masterOrderNo: order.masterOrderNo },
            "payment query failed",
          );
        }
      }
    }

    const expired = await db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.status, "pending_payment"),
          lt(orders.createdAt, new Date(now - PAY_WINDOW_MS)),
        ),
      )
      .orderBy(asc(orders.createdAt))
      .limit(SWEEP_RULES.batch);
    for (const order of expired) {
      try {
        const outcome = await cancelPending(
          context,
          provider,
          order,
          "system",
          "not paid within 30 minutes",
        );
        if (outcome.kind === "cancelled") report.cancelled++;
        else report.reconciled++;
      } catch (error) {
        report.skipped++;
        logger.warn(
          { err: error, masterOrderNo: order.masterOrderNo },
          "could not cancel an expired order",
        );
      }
    }
    if (provider !== null)
      report.refundsSettled = await reconcileRefunds(
        {
          db,
          logger,
          now: () => new Date(clock()),
          notices: { db, im: this.#deps.im ?? null, logger },
        },
        provider,
        SWEEP_RULES.batch,
      );
    if (
      report.reconciled +
        report.cancelled +
        report.skipped +
        report.refundsSettled >
      0
    )
      logger.info({ ...report }, "order sweep");
    return report;
  }
}
