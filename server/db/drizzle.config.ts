// drizzle-kit configuration: `npm run db:generate` writes SQL migrations to server/db/migrations.
// The same SQL is applied to PGlite and PostgreSQL at start (server/db/migrate.ts).
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema/index.ts",
  out: "./server/db/migrations",
});
