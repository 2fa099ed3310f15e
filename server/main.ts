import { PROTOCOL_VERSION } from "#protocol";
export const v: number = PROTOCOL_VERSION;
