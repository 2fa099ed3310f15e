// The error answers of the push calls. The push API's schemas themselves are #contract's
// (contract/schemas/push.ts).
import { ErrorEnvelope } from "../../http/envelope";

export const PUSH_ERRORS = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  404: ErrorEnvelope,
  500: ErrorEnvelope,
} as const;
