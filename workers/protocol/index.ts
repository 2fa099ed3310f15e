export const PROTOCOL_VERSION = 4;
