// What the server and its clients share: see each module's header.
export * from "./apiErrors";
export * from "./shichen";
export * from "./uploadLimits";
export * from "./mediaUrl";
export * from "./visibleText";
export * from "./fulfilment";
export * from "./admin";
