// The answers the client-side fakes give, shaped as the real server's envelopes: success, and a
// refusal with its stable reason (contract/apiErrors.ts), whose status the contract decides; and
// the check that a fake's answers and requests have the contract's shapes (#contract/schemas).
import type { TSchema } from "typebox";
import { Value } from "typebox/value";
import {
  API_ERRORS,
  type ApiErrorParams,
  type ApiErrorReason,
} from "../../../contract/apiErrors";

export interface Answer {
  status: number;
  body: unknown;
}

export const ok = (data: unknown): Answer => ({
  status: 200,
  body: { code: 0, data, msg: "ok" },
});

/** A refusal as the server sends it; `msg` is the developer text the UI must never show. */
export const refuse = (
  reason: ApiErrorReason,
  msg: string,
  params?: ApiErrorParams,
): Answer => ({
  status: API_ERRORS[reason],
  body: {
    code: API_ERRORS[reason],
    data: null,
    msg,
    reason,
    ...(params === undefined ? {} : { params }),
  },
});

/** An error without a reason (an old server, a proxy): the UI falls back to its own words. */
export const bareFailure = (status: number, msg: string): Answer => ({
  status,
  body: { code: status, data: null, msg },
});

/**
 * Checks that `value` has the contract's shape `schema` (#contract/schemas): what a fake answers,
 * and what it is asked, must be what the server would send and accept. A mismatch is thrown as a
 * ContractDrift naming `what` and the first problems.
 */
export function conform(schema: TSchema, value: unknown, what: string): void {
  const problems = [...Value.Errors(schema, value)]
    .slice(0, 5)
    .map((error) => `${error.instancePath || "/"} ${error.message}`);
  if (problems.length > 0)
    throw new ContractDrift(
      `${what} breaks the contract: ${problems.join("; ")}`,
    );
}

export class ContractDrift extends Error {
  override name = "ContractDrift";
}
