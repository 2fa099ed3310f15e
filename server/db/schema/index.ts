// The one database schema, split per domain; drizzle-kit reads this file to generate migrations.
export * from "./users";
export * from "./content";
export * from "./auth";
export * from "./files";
export * from "./im";
export * from "./orders";
export * from "./community";
export * from "./agreements";
export * from "./push";
export * from "./jobs";
export * from "./audit";
export * from "./workspace";
