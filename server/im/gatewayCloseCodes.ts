// WebSocket close codes the gateway uses: the shared table of #protocol plus the cases it lacks
// (revoked session, slow consumer). The extra codes continue the same private 4000–4999 range.
import { CloseCode } from "#protocol";

export const GatewayCloseCode = {
  ...CloseCode,
  /** The connection's login session was revoked (logout, token rotation) or the account banned; after DISCONNECT. */
  SESSION_REVOKED: 4007,
  /** The client does not read fast enough: outbound bytes piled up past the cap. */
  SLOW_CONSUMER: 4008,
  /** The server is shutting down (standard "going away"). */
  GOING_AWAY: 1001,
} as const;
export type GatewayCloseCode =
  (typeof GatewayCloseCode)[keyof typeof GatewayCloseCode];
