// The error answers the sign-in routes declare (msg localized by Accept-Language). The sign-in
// API's schemas themselves are #contract's (contract/schemas/auth.ts).
import { ErrorEnvelope } from "../../http/envelope";

export const AUTH_ERRORS = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  429: ErrorEnvelope,
  500: ErrorEnvelope,
  502: ErrorEnvelope,
} as const;
