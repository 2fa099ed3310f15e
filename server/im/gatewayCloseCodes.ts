// WebSocket close codes the gateway uses: the shared table of #protocol plus the standard
// "going away" of a shutdown.
import { CloseCode } from "#protocol";

export const GatewayCloseCode = {
  ...CloseCode,
  /** The server is shutting down (standard "going away"). */
  GOING_AWAY: 1001,
} as const;
export type GatewayCloseCode =
  (typeof GatewayCloseCode)[keyof typeof GatewayCloseCode];
