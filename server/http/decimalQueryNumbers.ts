// Querystring and path values arrive as text. ajv's own coercion made numbers of "1e3", "0x10",
// " 1", "Infinity" and the like; app.ts turns it off (bodies are JSON and keep their types), and
// here only plain decimal text ("0", "42", "-7") becomes a number, for the fields whose schema is
// numeric. Anything else stays text and fails validation ("querystring/masterId must be integer").
import type {
  FastifyReply,
  FastifyRequest,
  preValidationHookHandler,
  RouteOptions,
} from "fastify";

type JsonSchema = Record<string, unknown>;

const PLAIN_DECIMAL = /^-?(?:0|[1-9][0-9]*)$/;

/** The names of the top-level properties of an object schema whose values must be numbers. */
export function numericFields(schema: unknown): string[] {
  if (!isSchema(schema) || !isSchema(schema.properties)) return [];
  return Object.entries(schema.properties)
    .filter(([, value]) => isNumeric(value))
    .map(([name]) => name);
}

/** Plain decimal text as a number; anything else unchanged (validation then refuses it). */
export function decimalNumber(value: unknown): unknown {
  return typeof value === "string" && PLAIN_DECIMAL.test(value)
    ? Number(value)
    : value;
}

/** The onRoute hook: converts the route's numeric querystring and params fields before validation. */
export function decimalQueryNumbers(route: RouteOptions): void {
  const schema = route.schema as JsonSchema | undefined;
  if (schema === undefined) return;
  const query = numericFields(schema.querystring ?? schema.query);
  const params = numericFields(schema.params);
  if (query.length === 0 && params.length === 0) return;
  const hook: preValidationHookHandler = (
    request: FastifyRequest,
    _reply: FastifyReply,
    done,
  ) => {
    convert(request.query, query);
    convert(request.params, params);
    done();
  };
  const existing = route.preValidation;
  route.preValidation =
    existing === undefined
      ? [hook]
      : [hook, ...(Array.isArray(existing) ? existing : [existing])];
}

function convert(values: unknown, fields: string[]): void {
  if (fields.length === 0 || !isSchema(values)) return;
  for (const name of fields)
    if (Object.hasOwn(values, name)) values[name] = decimalNumber(values[name]);
}

/** integer or number, or a union whose every branch is (a flag of 0 | 1). */
function isNumeric(schema: unknown): boolean {
  if (!isSchema(schema)) return false;
  if (schema.type === "integer" || schema.type === "number") return true;
  const branches = schema.anyOf ?? schema.oneOf;
  return (
    Array.isArray(branches) && branches.length > 0 && branches.every(isNumeric)
  );
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
