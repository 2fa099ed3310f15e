// The error answers of the messaging API. Its schemas themselves are #contract's
// (contract/schemas/im.ts).
import { ErrorEnvelope } from "../../http/envelope";

export const IM_ERRORS = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  500: ErrorEnvelope,
  503: ErrorEnvelope,
} as const;
