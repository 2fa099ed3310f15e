// The error answers the order routes declare, spread by the other signed-in domains' routes too.
// The order API's schemas themselves are #contract's (contract/schemas/orders.ts).
import { ErrorEnvelope } from "../../http/envelope";

export const ORDER_ERRORS = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
  429: ErrorEnvelope,
  500: ErrorEnvelope,
  502: ErrorEnvelope,
  503: ErrorEnvelope,
} as const;
