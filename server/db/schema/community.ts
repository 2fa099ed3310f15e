// Fate-together sign-ups (one active per user) and manager applications (one pending per user,
// decided by an admin). Statuses are text with CHECK constraints.
import {
  FATE_STATUSES,
  type FateStatus,
  type Gender,
  GENDERS,
  MANAGER_STATUSES,
  type ManagerStatus,
} from "#contract";
import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { inList } from "./inList";
import { users } from "./users";

const at = (name: string) => timestamp(name, { withTimezone: true });

export const fateSignups = pgTable(
  "fate_signups",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    gender: text("gender").$type<Gender>().notNull(),
    birthDate: date("birth_date", { mode: "string" }).notNull(),
    /** 0–23, or null when unknown. */
    birthHour: smallint("birth_hour"),
    wish: text("wish").notNull(),
    status: text("status").$type<FateStatus>().notNull(),
    createdAt: at("created_at").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [
    check("fate_signups_status_known", inList("status", FATE_STATUSES)),
    check("fate_signups_gender_known", inList("gender", GENDERS)),
    check(
      "fate_signups_birth_hour_range",
      sql`${t.birthHour} is null or ${t.birthHour} between 0 and 23`,
    ),
    uniqueIndex("fate_signups_one_active")
      .on(t.userId)
      .where(sql`"status" <> 'closed'`),
    index("fate_signups_user_idx").on(t.userId, t.id),
  ],
);

export type FateSignupRow = typeof fateSignups.$inferSelect;

export const managerApplications = pgTable(
  "manager_applications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    region: text("region").notNull(),
    reason: text("reason").notNull(),
    status: text("status").$type<ManagerStatus>().notNull(),
    rejectReason: text("reject_reason"),
    createdAt: at("created_at").notNull(),
    decidedAt: at("decided_at"),
  },
  (t) => [
    check(
      "manager_applications_status_known",
      inList("status", MANAGER_STATUSES),
    ),
    uniqueIndex("manager_applications_one_pending")
      .on(t.userId)
      .where(sql`"status" = 'pending'`),
    index("manager_applications_user_idx").on(t.userId, t.id),
  ],
);

export type ManagerApplicationRow = typeof managerApplications.$inferSelect;
