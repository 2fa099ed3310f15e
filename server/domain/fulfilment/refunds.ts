// Refunds of paid orders (#22): the owner asks (with a reason) while the order is paid or in
// service; service staff or an admin decline (with a reason the owner reads) or approve, which
// asks WeChat Pay to refund the whole amount; WeChat Pay's refund notification, or our query of
// it, ends the refund, and a successful one moves the order to refunded. Each step is one
// transaction that locks the order's refund row, so a repeated or concurrent step (two staff
// pressing approve, ten copies of a notification) has exactly one effect.
import {
  FULFILMENT_LIMITS,
  refundableStatusRefusal,
  type RefundRequestInput,
  type RefundReviewInput,
} from "#contract";
import { and, count, eq } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import {
  type OrderRefundRow,
  type OrderRow,
  orderRefunds,
  orders,
  refundEvents,
} from "../../db/schema";
import { HttpError } from "../../http/errors";
import { recordAudit } from "../audit/auditLog";
import { optionalText, requiredText } from "../orders/fieldRules";
import { OrderStateError, refusalError } from "../orders/orderStatus";
import { latestRefund } from "../orders/orderQueries";
import { moveOrder } from "../orders/transitionOrder";
import { assertNoOpenRefund } from "./fulfilOrder";
import type { StaffMember } from "./staffAccess";

/** What WeChat Pay says about a refund (notification, query or the create answer). */
export interface RefundReport {
  outRefundNo: string;
  refundId: string;
  status: "SUCCESS" | "CLOSED" | "PROCESSING" | "ABNORMAL";
  successTime?: string | undefined;
  amount: { refund: number };
}

export type RefundSource =
  | { kind: "notify"; notificationId: string }
  | { kind: "query" }
  | { kind: "create" };

export type RefundOutcome =
  "succeeded" | "failed" | "processing" | "already" | "ignored";

async function lockOrder(tx: Db, orderId: number): Promise<OrderRow> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (row === undefined)
    throw new HttpError("ORDER_NOT_FOUND", "order not found");
  return row;
}

/** The owner asks for a refund of their paid, not yet completed order. */
export async function requestRefund(
  db: Db,
  userId: number,
  body: RefundRequestInput,
  now: Date,
): Promise<{ order: OrderRow; refund: OrderRefundRow }> {
  const reason = requiredText(
    body.reason,
    "reason",
    FULFILMENT_LIMITS.refundReasonMaxChars,
    { multiline: true },
  );
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, body.masterId);
    // NOTE: someone else's order answers exactly like a missing one.
    if (order.userId !== userId)
      throw new HttpError("ORDER_NOT_FOUND", "order not found");
    await assertNoOpenRefund(tx, order.id);
    const refusal = refundableStatusRefusal(order.masterOrderNo, order.status);
    if (refusal !== null) throw refusalError(refusal);
    const [asked] = await tx
      .select({ n: count() })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id));
    const [refund] = await tx
      .insert(orderRefunds)
      .values({
        orderId: order.id,
        outRefundNo: `${order.masterOrderNo}R${(asked?.n ?? 0) + 1}`,
        status: "requested",
        amountFen: order.totalFen,
        reason,
        requestedBy: userId,
        requestedAt: now,
        updatedAt: now,
      })
      .returning();
    if (refund === undefined) throw new Error("refund insert returned no row");
    await recordAudit(tx, {
      actorUserId: userId,
      action: "refund.request",
      targetType: "order",
      targetId: order.id,
      details: { refundId: refund.id, reason },
      at: now,
    });
    return { order, refund };
  });
}

export interface ReviewResult {
  order: OrderRow;
  refund: OrderRefundRow;
  /** False when the same decision had already been taken (nothing happened now). */
  changed: boolean;
}

/** Staff decide on the open request: approve (→ processing) or decline (→ declined). */
export async function reviewRefund(
  db: Db,
  staff: StaffMember,
  body: RefundReviewInput,
  now: Date,
): Promise<ReviewResult> {
  const reason = optionalText(
    body.reason,
    "reason",
    FULFILMENT_LIMITS.refundReasonMaxChars,
    { multiline: true },
  );
  if (!body.approve && reason === null)
    throw new HttpError(
      "DECLINE_REASON_REQUIRED",
      "body/reason is required to decline a refund",
    );
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, body.masterId);
    const refund = await latestRefund(tx, order.id);
    if (refund === undefined)
      throw new HttpError("REFUND_NOT_REQUESTED", "no refund was asked for");
    if (refund.status !== "requested") {
      const same = body.approve
        ? refund.status === "processing" || refund.status === "succeeded"
        : refund.status === "declined";
      if (same) return { order, refund, changed: false };
      throw new HttpError(
        "REFUND_NOT_REQUESTED",
        `the refund request is already ${refund.status}`,
      );
    }
    const refusal = body.approve
      ? refundableStatusRefusal(order.masterOrderNo, order.status, "")
      : null;
    if (refusal !== null) throw refusalError(refusal);
    const [updated] = await tx
      .update(orderRefunds)
      .set({
        status: body.approve ? "processing" : "declined",
        reviewedBy: staff.userId,
        reviewReason: reason,
        reviewedAt: now,
        updatedAt: now,
      })
      .where(eq(orderRefunds.id, refund.id))
      .returning();
    if (updated === undefined) throw new Error("refund update returned no row");
    await recordAudit(tx, {
      actorUserId: staff.userId,
      action: body.approve ? "refund.approve" : "refund.decline",
      targetType: "refund",
      targetId: refund.id,
      details: { orderId: order.id, ...(reason === null ? {} : { reason }) },
      at: now,
    });
    return { order, refund: updated, changed: true };
  });
}

/**
 * WeChat Pay refused the refund outright (not a network failure): the approval is undone, so the
 * request waits for review again, and the refusal is audited.
 */
export async function undoApproval(
  db: Db,
  refund: OrderRefundRow,
  code: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [reverted] = await tx
      .update(orderRefunds)
      .set({
        status: "requested",
        reviewedBy: null,
        reviewReason: null,
        reviewedAt: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(orderRefunds.id, refund.id),
          eq(orderRefunds.status, "processing"),
        ),
      )
      .returning({ id: orderRefunds.id });
    if (reverted !== undefined)
      await recordAudit(tx, {
        actorUserId: null,
        action: "refund.refused",
        targetType: "refund",
        targetId: refund.id,
        details: { code },
        at: now,
      });
  });
}

/** The refund (by out_refund_no) or undefined. */
export async function refundByOutNo(
  db: Db,
  outRefundNo: string,
): Promise<OrderRefundRow | undefined> {
  const [row] = await db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.outRefundNo, outRefundNo));
  return row;
}

/**
 * Applies what WeChat Pay reported about one of our refunds, once: SUCCESS ends it succeeded and
 * moves the order to refunded; ABNORMAL or CLOSED end it failed (staff look at it); PROCESSING
 * keeps it waiting. A report for a refund already ended changes nothing ("already").
 */
export async function settleRefund(
  db: Db,
  report: RefundReport,
  source: RefundSource,
  now: Date,
): Promise<{
  outcome: RefundOutcome;
  refund: OrderRefundRow;
  order: OrderRow;
}> {
  return db.transaction(async (tx) => {
    const [refund] = await tx
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.outRefundNo, report.outRefundNo))
      .for("update");
    if (refund === undefined)
      throw new HttpError(
        "PAYMENT_ORDER_UNKNOWN",
        `no refund ${report.outRefundNo}`,
      );
    if (report.amount.refund !== refund.amountFen)
      throw new HttpError(
        "PAYMENT_ORDER_UNKNOWN",
        `refund ${report.outRefundNo} is for ${report.amount.refund} fen, not ${refund.amountFen}`,
      );
    const order = await lockOrder(tx, refund.orderId);
    let outcome: RefundOutcome = "ignored";
    let result = refund;
    const ended = refund.status === "succeeded" || refund.status === "failed";
    if (refund.status !== "processing") {
      outcome = ended ? "already" : "ignored";
    } else if (report.status === "PROCESSING") {
      outcome = "processing";
      result = await updateRefund(tx, refund.id, {
        refundId: report.refundId,
        wechatStatus: report.status,
        updatedAt: now,
      });
    } else if (report.status === "SUCCESS") {
      outcome = "succeeded";
      const refundedAt = parseTime(report.successTime) ?? now;
      result = await updateRefund(tx, refund.id, {
        status: "succeeded",
        refundId: report.refundId,
        wechatStatus: report.status,
        refundedAt,
        updatedAt: now,
      });
      try {
        await moveOrder(tx, {
          orderId: order.id,
          to: "refunded",
          actor: "wechat_pay",
          note: `refund ${report.refundId}`,
          now: refundedAt,
        });
      } catch (error) {
        // NOTE: cannot happen while fulfilment waits for open refunds; kept loud if it does.
        if (!(error instanceof OrderStateError)) throw error;
      }
    } else {
      outcome = "failed";
      result = await updateRefund(tx, refund.id, {
        status: "failed",
        refundId: report.refundId,
        wechatStatus: report.status,
        updatedAt: now,
      });
    }
    if (outcome === "succeeded" || outcome === "failed")
      await recordAudit(tx, {
        actorUserId: null,
        action: "refund.settle",
        targetType: "refund",
        targetId: refund.id,
        details: { wechatStatus: report.status, source: source.kind },
        at: now,
      });
    await tx
      .insert(refundEvents)
      .values({
        refundRowId: refund.id,
        source: source.kind,
        notificationId: source.kind === "notify" ? source.notificationId : null,
        wechatStatus: report.status,
        outcome,
        at: now,
      })
      .onConflictDoNothing();
    const [after] = await tx
      .select()
      .from(orders)
      .where(eq(orders.id, order.id));
    return { outcome, refund: result, order: after ?? order };
  });
}

async function updateRefund(
  tx: Db,
  id: number,
  set: Partial<OrderRefundRow>,
): Promise<OrderRefundRow> {
  const [row] = await tx
    .update(orderRefunds)
    .set(set)
    .where(eq(orderRefunds.id, id))
    .returning();
  if (row === undefined) throw new Error("refund update returned no row");
  return row;
}

function parseTime(value: string | undefined): Date | null {
  if (value === undefined) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}
