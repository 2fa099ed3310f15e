// Accounts: every person who can sign in and chat (customers, service staff, monks, managers).
// The accounts work extends this table; role flags are 0/1 integers as the client API expects.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    imId: text("im_id").notNull().unique(),
    imToken: text("im_token").notNull(),
    nickname: text("nickname").notNull(),
    avatarUrl: text("avatar_url").notNull().default(""),
    phone: text("phone").unique(),
    email: text("email").unique(),
    wechatUnionId: text("wechat_union_id").unique(),
    wechatOpenId: text("wechat_open_id").unique(),
    isService: smallint("is_service").notNull().default(0),
    isMonk: smallint("is_monk").notNull().default(0),
    isManager: smallint("is_manager").notNull().default(0),
    inviteCode: text("invite_code").notNull().unique(),
    parentUserId: integer("parent_user_id").references(
      (): AnyPgColumn => users.id,
      { onDelete: "set null" },
    ),
    createdAt: timestamp("created_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    check("users_is_service_flag", sql`${t.isService} in (0, 1)`),
    check("users_is_monk_flag", sql`${t.isMonk} in (0, 1)`),
    check("users_is_manager_flag", sql`${t.isManager} in (0, 1)`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
