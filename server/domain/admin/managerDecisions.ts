// An admin's decision on a manager application (#22): managerApplications.ts decides (once, on a
// pending one, making the user a manager on approval); this wraps it in a transaction with its
// audit record, so a decision and its record commit or roll back together.
import type { Db } from "../../db/createDb";
import type { ManagerApplicationRow } from "../../db/schema";
import { recordAudit } from "../audit/auditLog";
import {
  approveApplication,
  rejectApplication,
} from "../manager/managerApplications";

export async function decideApplication(
  db: Db,
  decision:
    | { id: number; approve: true }
    | { id: number; approve: false; reason: string },
  actorUserId: number,
  now: number,
): Promise<ManagerApplicationRow> {
  // NOTE: the inner decision's transaction becomes a savepoint of this one.
  return db.transaction(async (tx) => {
    const row = decision.approve
      ? await approveApplication(tx, decision.id, now)
      : await rejectApplication(tx, decision.id, decision.reason, now);
    await recordAudit(tx, {
      actorUserId,
      action: decision.approve ? "manager.approve" : "manager.reject",
      targetType: "managerApplication",
      targetId: row.id,
      details: {
        userId: row.userId,
        ...(row.rejectReason === null ? {} : { reason: row.rejectReason }),
      },
      at: new Date(now),
    });
    return row;
  });
}
