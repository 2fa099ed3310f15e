// Request values that cannot be stored are refused once validation has run, before any handler:
// text with a NUL character (PostgreSQL's text cannot hold U+0000) or an unpaired surrogate (not
// well-formed Unicode), and numbers that are not finite (a JSON 1e400 where the schema takes any
// value; ajv's number types refuse Infinity, and nothing is coerced any more). A 400 names where.
// Raw bodies (a route's own string parser, e.g. the payment notification) are left to their route.
import type { FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "./errors";

const NUL = "\u0000";
const MAX_DEPTH = 64;
const LONE_SURROGATE =
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function unsafe(text: string): boolean {
  return text.includes(NUL) || LONE_SURROGATE.test(text);
}

export interface Unstorable {
  /** Where, e.g. "body/payload/content" or "querystring/pageSize". */
  at: string;
  problem: "text" | "number";
}

/** The first unstorable value in `value` (parsed JSON, form or query fields), or null. */
export function unstorableValueAt(
  value: unknown,
  at: string,
  depth = 0,
): Unstorable | null {
  if (typeof value === "string")
    return unsafe(value) ? { at, problem: "text" } : null;
  if (typeof value === "number")
    return Number.isFinite(value) ? null : { at, problem: "number" };
  if (typeof value !== "object" || value === null || depth > MAX_DEPTH)
    return null;
  if (Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (unsafe(key)) return { at: `${at}/${key}`, problem: "text" };
    const found = unstorableValueAt(item, `${at}/${key}`, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** The preHandler hook (register it on the root instance, before any route). */
export function rejectUnstorableValues(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  const found =
    unstorableValueAt(request.params, "params") ??
    unstorableValueAt(request.query, "querystring") ??
    (typeof request.body === "object"
      ? unstorableValueAt(request.body, "body")
      : null);
  if (found === null) {
    done();
    return;
  }
  const where = found.at
    .replaceAll(NUL, "\ufffd")
    .replace(new RegExp(LONE_SURROGATE, "g"), "\ufffd")
    .slice(0, 120);
  done(
    new HttpError(
      "INVALID_FIELD",
      found.problem === "text"
        ? `${where} must not contain NUL characters or unpaired surrogates`
        : `${where} must be a finite number`,
      { params: { field: where } },
    ),
  );
}
