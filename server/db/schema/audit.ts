// The audit trail of the temple's side (#22): who did what to which order, refund, user or product,
// when, with the details that matter (statuses, reasons). Written in the same transaction as the
// change it records; never updated.
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "./users";

export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The person who acted; null for the system (a WeChat Pay notification, the sweeper). */
    actorUserId: integer("actor_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    /** e.g. order.fulfil, refund.request, refund.approve, refund.decline, refund.settle */
    action: text("action").notNull(),
    /** order | refund | user | product */
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    details: jsonb("details")
      .$type<Record<string, unknown>>()
      .notNull()
      .default({}),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("audit_events_target_idx").on(t.targetType, t.targetId, t.id),
    index("audit_events_actor_idx").on(t.actorUserId, t.id),
  ],
);

export type AuditEventRow = typeof auditEvents.$inferSelect;
