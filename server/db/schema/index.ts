// The one database schema, split per domain; drizzle-kit reads this file to generate migrations.
export * from "./users";
export * from "./content";
