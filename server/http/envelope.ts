// The response envelope every API call answers with: `{ code, data, msg }`, code 0 = success;
// a refusal adds its stable `reason` (and `params`).
// Schemas here make each route's OpenAPI entry show the envelope around its data.
import {
  API_ERRORS,
  type ApiErrorParams,
  type ApiErrorReason,
} from "#contract";
import { type TSchema, Type } from "typebox";

export const API_PREFIX = "/api/app";

export interface Envelope<T> {
  code: number;
  data: T;
  msg: string;
}

export function ok<T>(data: T): Envelope<T> & { code: 0 } {
  return { code: 0, data, msg: "ok" };
}

export interface FailureEnvelope extends Envelope<null> {
  reason: ApiErrorReason;
  params?: ApiErrorParams;
}

/** The error envelope of a refusal: code = the reason's HTTP status. */
export function failure(
  reason: ApiErrorReason,
  msg: string,
  params?: ApiErrorParams,
): FailureEnvelope {
  return {
    code: API_ERRORS[reason],
    data: null,
    msg,
    reason,
    ...(params === undefined ? {} : { params }),
  };
}

/** Success envelope schema around `data`. */
export function EnvelopeOf<T extends TSchema>(data: T) {
  return Type.Object(
    { code: Type.Literal(0), data, msg: Type.String() },
    { description: "Success envelope: code 0, the payload in data." },
  );
}

export const ErrorEnvelope = Type.Object(
  {
    code: Type.Integer({ description: "Non-zero; usually the HTTP status." }),
    data: Type.Null(),
    msg: Type.String({
      description:
        "What went wrong, for developers and logs, naming the field for validation errors.",
    }),
    reason: Type.String({
      description:
        "The stable reason (contract/apiErrors.ts), e.g. INVITE_CODE_OWN: clients show their own translated sentence for it.",
    }),
    params: Type.Optional(
      Type.Object(
        {
          field: Type.Optional(Type.String()),
          wording: Type.Optional(Type.Union([Type.String(), Type.Null()])),
          max: Type.Optional(Type.Number()),
          code: Type.Optional(Type.String()),
          status: Type.Optional(Type.String()),
          from: Type.Optional(Type.String()),
          to: Type.Optional(Type.String()),
          retryAfterSeconds: Type.Optional(Type.Number()),
          requestId: Type.Optional(Type.String()),
        },
        { description: "Values the reason's sentence uses." },
      ),
    ),
  },
  { description: "Error envelope." },
);

/** The error responses every public route can give. */
export const COMMON_ERRORS = {
  400: ErrorEnvelope,
  404: ErrorEnvelope,
  500: ErrorEnvelope,
} as const;
