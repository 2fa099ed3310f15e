// Moves an order's status, the only way any status changes: inside one transaction the row is
// locked, the move is checked against the state machine and recorded in the timeline. Moving to
// the status the order already has is a no-op (idempotent), so retries and replays are safe.
// `moveOrder` does the same inside a transaction the caller holds (so a refund or an audit record
// commits with the move).
import { moveDecision, type OrderStatus } from "#contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import { type OrderRow, orderStatusEvents, orders } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { type OrderActor, OrderStateError, timestampFor } from "./orderStatus";

export interface TransitionInput {
  orderId: number;
  to: OrderStatus;
  actor: OrderActor;
  note?: string;
  now: Date;
  /** Extra columns written with the move (e.g. the WeChat transaction id). */
  set?: Partial<
    Pick<OrderRow, "transactionId" | "payerOpenid" | "paidAt" | "plannedAt">
  >;
  /** The person who moved it (kept in the timeline). */
  actorUserId?: number;
  /** Stored names of proof photos given with the move. */
  photos?: readonly string[];
  /** The planned date given with the move. */
  plannedAt?: Date;
  /** Checks run on the locked row before a real move (throw to refuse it). */
  guard?: (tx: Db, row: OrderRow) => Promise<void>;
}

export interface TransitionResult {
  order: OrderRow;
  /** False when the order already had the target status. */
  changed: boolean;
}

export function transitionOrder(
  db: Db,
  input: TransitionInput,
): Promise<TransitionResult> {
  return db.transaction((tx) => moveOrder(tx, input));
}

/** {@link transitionOrder} inside the caller's transaction `tx`. */
export async function moveOrder(
  tx: Db,
  input: TransitionInput,
): Promise<TransitionResult> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(eq(orders.id, input.orderId))
    .for("update");
  if (row === undefined)
    throw new HttpError("ORDER_NOT_FOUND", `order ${input.orderId} not found`);
  const decision = moveDecision(row.masterOrderNo, row.status, input.to);
  if (decision === "same") return { order: row, changed: false };
  if (decision !== "move")
    throw new OrderStateError(row.masterOrderNo, row.status, input.to);
  await input.guard?.(tx, row);
  const [updated] = await tx
    .update(orders)
    .set({
      status: input.to,
      updatedAt: input.now,
      ...timestampFor(input.to, input.now),
      ...input.set,
    })
    .where(eq(orders.id, row.id))
    .returning();
  if (updated === undefined) throw new Error("order update returned no row");
  await tx.insert(orderStatusEvents).values({
    orderId: row.id,
    fromStatus: row.status,
    toStatus: input.to,
    actor: input.actor,
    actorUserId: input.actorUserId ?? null,
    note: input.note ?? "",
    photos: [...(input.photos ?? [])],
    plannedAt: input.plannedAt ?? null,
    at: input.now,
  });
  return { order: updated, changed: true };
}
