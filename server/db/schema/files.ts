// Uploaded files (chat images): who uploaded what, its sniffed type, size and pixel dimensions.
// The bytes live under DATA_DIR/uploads/<name>; the unguessable `name` is also the public URL path.
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

export const uploadedFiles = pgTable(
  "uploaded_files",
  {
    /** ≥128 random bits, base64url, plus the extension of the sniffed type (e.g. `….png`). */
    name: text("name").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The type read from the file's magic bytes (never the declared one). */
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (t) => [index("uploaded_files_user_idx").on(t.userId)],
);

export type UploadedFileRow = typeof uploadedFiles.$inferSelect;
