// The service staff's workspace (#22): canned answers the team shares (quick replies) and one
// private note per customer that only staff read.
import {
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "./users";

const at = (name: string) => timestamp(name, { withTimezone: true });

export const quickReplies = pgTable(
  "quick_replies",
  {
    id: serial("id").primaryKey(),
    text: text("text").notNull(),
    createdBy: integer("created_by").references(() => users.id, {
      onDelete: "set null",
    }),
    updatedBy: integer("updated_by").references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: at("created_at").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [index("quick_replies_updated_idx").on(t.updatedAt)],
);

export type QuickReplyRow = typeof quickReplies.$inferSelect;

/** Staff's private note on a customer (never shown to the customer). */
export const customerNotes = pgTable("customer_notes", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  text: text("text").notNull(),
  updatedBy: integer("updated_by").references(() => users.id, {
    onDelete: "set null",
  }),
  updatedAt: at("updated_at").notNull(),
});
