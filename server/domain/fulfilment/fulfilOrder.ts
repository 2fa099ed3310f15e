// Moves a paid order through the temple's side (#22): to in service with the planned date, to
// completed with proof photos (images the caller uploaded) and a note. One transaction locks the
// order, checks the state machine and that no refund is under way, writes the move, its timeline
// entry and the audit record. Pressing twice (or two staff at once) gives one move: the second
// finds the order already there and changes nothing.
import {
  type FulfilBody,
  FULFILMENT_LIMITS,
  OPEN_REFUND_STATUSES,
  openRefundRefusal,
} from "#contract";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import { orderRefunds, type OrderRow } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { recordAudit } from "../audit/auditLog";
import { countOwnUploads } from "../files/uploads";
import { optionalText } from "../orders/fieldRules";
import { refusalError } from "../orders/orderStatus";
import { moveOrder } from "../orders/transitionOrder";
import { actorOf, type StaffMember } from "./staffAccess";

const DAY_MS = 86_400_000;

export interface FulfilResult {
  order: OrderRow;
  changed: boolean;
  /** The checked input the move carried (for the owner's message). */
  plannedAt: Date | null;
  photos: readonly string[];
  note: string;
}

/** The planned date: a real instant from a week ago up to FULFILMENT_LIMITS.plannedMaxDaysAhead. */
export function checkPlannedAt(value: string | undefined, now: Date): Date {
  if (value === undefined)
    throw new HttpError(
      "PLANNED_AT_REQUIRED",
      "body/plannedAt is required to start the service",
    );
  const at = new Date(value);
  const maxDays = FULFILMENT_LIMITS.plannedMaxDaysAhead;
  // NOTE: a week back is allowed: staff often record a ceremony a few days after it was held.
  if (
    Number.isNaN(at.getTime()) ||
    at.getTime() < now.getTime() - 7 * DAY_MS ||
    at.getTime() > now.getTime() + maxDays * DAY_MS
  )
    throw new HttpError(
      "PLANNED_AT_OUT_OF_RANGE",
      `body/plannedAt must lie within ${maxDays} days from now`,
      { params: { max: maxDays } },
    );
  return at;
}

/** The proof photos: 1–9 distinct images `userId` uploaded. */
async function checkPhotos(
  db: Db,
  userId: number,
  names: readonly string[] | undefined,
): Promise<string[]> {
  const unique = [...new Set(names ?? [])];
  if (unique.length === 0)
    throw new HttpError(
      "PROOF_PHOTO_REQUIRED",
      "body/photoFileIds needs at least one photo to complete the order",
    );
  if ((await countOwnUploads(db, userId, unique)) !== unique.length)
    throw new HttpError(
      "PROOF_PHOTO_UNKNOWN",
      "body/photoFileIds names a file the caller did not upload",
    );
  return unique;
}

/** Refuses a move while a refund of the order is asked for or under way. */
export async function assertNoOpenRefund(
  tx: Db,
  orderId: number,
): Promise<void> {
  const [open] = await tx
    .select({ status: orderRefunds.status })
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.orderId, orderId),
        inArray(orderRefunds.status, [...OPEN_REFUND_STATUSES]),
      ),
    );
  const refusal = openRefundRefusal(open?.status);
  if (refusal !== null) throw refusalError(refusal);
}

export async function fulfilOrder(
  db: Db,
  staff: StaffMember,
  body: FulfilBody,
  now: Date,
): Promise<FulfilResult> {
  const note =
    optionalText(body.note, "note", FULFILMENT_LIMITS.noteMaxChars, {
      multiline: true,
    }) ?? "";
  const plannedAt =
    body.status === "in_service" ? checkPlannedAt(body.plannedAt, now) : null;
  const photos =
    body.status === "completed"
      ? await checkPhotos(db, staff.userId, body.photoFileIds)
      : [];
  const moved = await db.transaction(async (tx) => {
    const result = await moveOrder(tx, {
      orderId: body.masterId,
      to: body.status,
      actor: actorOf(staff),
      actorUserId: staff.userId,
      note,
      photos,
      ...(plannedAt === null ? {} : { plannedAt, set: { plannedAt } }),
      now,
      guard: (inner, row) => assertNoOpenRefund(inner, row.id),
    });
    if (result.changed)
      await recordAudit(tx, {
        actorUserId: staff.userId,
        action: "order.fulfil",
        targetType: "order",
        targetId: body.masterId,
        details: {
          status: body.status,
          ...(plannedAt === null ? {} : { plannedAt: plannedAt.toISOString() }),
          photos: photos.length,
        },
        at: now,
      });
    return result;
  });
  return { ...moved, plannedAt, photos, note };
}
