// Prayer agreements: sent by staff for a paid order into the chat, signed once by the order's
// owner with a drawn signature (a stored PNG upload).
import { AGREEMENT_STATUSES, type AgreementStatus } from "#contract";
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { uploadedFiles } from "./files";
import { inList } from "./inList";
import { orders } from "./orders";
import { users } from "./users";

const at = (name: string) => timestamp(name, { withTimezone: true });

export const prayerAgreements = pgTable(
  "prayer_agreements",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The order's owner: the only one who may read and sign it. */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The monk or service-staff account that sent it (the chat peer). */
    senderUserId: integer("sender_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").$type<AgreementStatus>().notNull(),
    signatureFile: text("signature_file").references(() => uploadedFiles.name, {
      onDelete: "restrict",
    }),
    signatureWidth: integer("signature_width"),
    signatureHeight: integer("signature_height"),
    /** The IM message carrying the signed agreement (wuKong/v1/contractSend), once sent. */
    contractMessageId: bigint("contract_message_id", { mode: "bigint" }),
    createdAt: at("created_at").notNull(),
    signedAt: at("signed_at"),
  },
  (t) => [
    check(
      "prayer_agreements_status_known",
      inList("status", AGREEMENT_STATUSES),
    ),
    check(
      "prayer_agreements_signed_has_file",
      sql`("status" = 'signed') = (${t.signatureFile} is not null)`,
    ),
    uniqueIndex("prayer_agreements_one_per_order").on(t.orderId),
    index("prayer_agreements_user_idx").on(t.userId),
  ],
);

export type AgreementRow = typeof prayerAgreements.$inferSelect;
