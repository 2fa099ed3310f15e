// Accounts: every person who can sign in and chat (customers, service staff, monks, managers),
// and the WeChat identities linked to them. Role flags are 0/1 integers as the client API expects.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
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
    nickname: text("nickname").notNull(),
    avatarUrl: text("avatar_url").notNull().default(""),
    phone: text("phone").unique(),
    email: text("email").unique(),
    /** WeChat unionid (shared by all our WeChat apps); per-app openids live in user_wechat_accounts. */
    wechatUnionId: text("wechat_union_id").unique(),
    isService: smallint("is_service").notNull().default(0),
    isMonk: smallint("is_monk").notNull().default(0),
    isManager: smallint("is_manager").notNull().default(0),
    /** Runs the temple's side: every order, refunds, roles (#22). */
    isAdmin: smallint("is_admin").notNull().default(0),
    /** A banned account cannot sign in; its sessions are revoked when the ban is applied. */
    banned: boolean("banned").notNull().default(false),
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
    check("users_is_admin_flag", sql`${t.isAdmin} in (0, 1)`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** One WeChat app's openid for a user (openids differ per app; the unionid is on users). */
export const userWechatAccounts = pgTable(
  "user_wechat_accounts",
  {
    appId: text("app_id").notNull(),
    openid: text("openid").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    unionid: text("unionid"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.openid] }),
    index("user_wechat_accounts_user_idx").on(t.userId),
  ],
);
