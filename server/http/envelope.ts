// The response envelope every API call answers with: `{ code, data, msg }`, code 0 = success.
// Schemas here make each route's OpenAPI entry show the envelope around its data.
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

export function failure(code: number, msg: string): Envelope<null> {
  return { code, data: null, msg };
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
      description: "What went wrong, naming the field for validation errors.",
    }),
  },
  { description: "Error envelope." },
);

/** The error responses every public route can give. */
export const COMMON_ERRORS = {
  400: ErrorEnvelope,
  404: ErrorEnvelope,
  500: ErrorEnvelope,
} as const;
