// Periodic jobs shared by every app server on one database: a job's row records when its current
// period was claimed, so however many servers run the timer, one of them does the work per period
// (server/lib/periodicJob.ts).
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const jobLeases = pgTable("job_leases", {
  name: text("name").primaryKey(),
  /** When the last run was claimed. */
  claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull(),
  /** The server (host:pid) that claimed it, for the logs. */
  claimedBy: text("claimed_by").notNull(),
});
