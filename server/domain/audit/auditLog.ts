// Writes one audit record (#22): who did what to which target, when. Call it with the transaction
// that makes the change, so a change and its record commit (or roll back) together.
import type { Db } from "../../db/createDb";
import { auditEvents } from "../../db/schema";
import type { AuditAction } from "#contract";

// NOTE: the actions are listed once, in the contract, so the admin's audit viewer knows them all.
export type { AuditAction };

export type AuditTarget =
  | "order"
  | "refund"
  | "user"
  | "product"
  | "quickReply"
  | "managerApplication";

export interface AuditRecord {
  /** null for the system (a WeChat Pay notification, the sweeper). */
  actorUserId: number | null;
  action: AuditAction;
  targetType: AuditTarget;
  targetId: string | number;
  details?: Record<string, unknown>;
  at: Date;
}

export async function recordAudit(tx: Db, record: AuditRecord): Promise<void> {
  await tx.insert(auditEvents).values({
    actorUserId: record.actorUserId,
    action: record.action,
    targetType: record.targetType,
    targetId: String(record.targetId),
    details: record.details ?? {},
    at: record.at,
  });
}
