// The error answers of the signed-in account calls. The account API's schemas themselves are
// #contract's (contract/schemas/users.ts).
import { ErrorEnvelope } from "../../http/envelope";

export const USER_ERRORS = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  409: ErrorEnvelope,
  429: ErrorEnvelope,
  500: ErrorEnvelope,
} as const;
