// The API's TypeBox schemas, as values: what the server validates requests and answers with
// (imported as #contract/schemas). The tab takes only their types, through #contract's
// `export type *`, so no schema (nor typebox) reaches its bundle.
export * from "./common";
export * from "./orders";
export * from "./fulfilment";
export * from "./workspace";
export * from "./admin";
export * from "./adminProducts";
export * from "./content";
export * from "./system";
export * from "./auth";
export * from "./users";
export * from "./payments";
export * from "./push";
export * from "./im";
export * from "./manager";
export * from "./invites";
export * from "./blessings";
export * from "./files";
export * from "./fateTogether";
export * from "./agreements";
