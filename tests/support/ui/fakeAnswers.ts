// The answers the client-side fakes give, shaped as the real server's envelopes: success, and a
// refusal with its stable reason (contract/apiErrors.ts), whose status the contract decides.
import {
  API_ERRORS,
  type ApiErrorParams,
  type ApiErrorReason,
} from "../../../contract/apiErrors";
import type { OrderRefusal } from "../../../contract/orderRules";

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

/** A refusal of the order rules (contract/orderRules.ts) as the server answers it. */
export const refused = (refusal: OrderRefusal): Answer =>
  refuse(refusal.reason, refusal.message, refusal.params);

/** An error without a reason (an old server, a proxy): the UI falls back to its own words. */
export const bareFailure = (status: number, msg: string): Answer => ({
  status,
  body: { code: status, data: null, msg },
});
