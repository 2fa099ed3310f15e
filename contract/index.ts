// What the server and its clients share: see each module's header. The API's schemas are
// re-exported as types only (the server imports their values from #contract/schemas), so a tab
// importing a constant from here never pulls in typebox.
export * from "./apiErrors";
export * from "./shichen";
export * from "./uploadLimits";
export * from "./mediaUrl";
export * from "./visibleText";
export * from "./fulfilment";
export * from "./admin";
export * from "./catalog";
export * from "./orders";
export * from "./orderRules";
export * from "./locales";
export * from "./signature";
export * from "./accounts";
export * from "./push";
export * from "./fateTogether";
export * from "./agreements";
export * from "./pageData";
export type * from "./schemas";
