// Unknown request fields are refused, not silently dropped: every object in a route's body and
// querystring schema gets `additionalProperties: false` unless it says otherwise, and app.ts turns
// off ajv's `removeAdditional`, so an unknown field is a 400 naming it ("body must not have
// property x"). Schemas that allow extras on purpose (`additionalProperties: true`, records)
// keep doing so.
import type { RouteOptions } from "fastify";

/** Fastify's validation keys that carry client-chosen property names. */
const STRICT_PARTS = ["body", "querystring", "query"] as const;

type JsonSchema = Record<string, unknown>;

/** The onRoute hook: makes the route's body and querystring schemas strict (copies, never edits). */
export function rejectUnknownFields(route: RouteOptions): void {
  const schema = route.schema as JsonSchema | undefined;
  if (schema === undefined) return;
  let strict = schema;
  for (const part of STRICT_PARTS) {
    const value = schema[part];
    if (!isSchema(value)) continue;
    const next = strictSchema(value);
    if (next !== value) strict = { ...strict, [part]: next };
  }
  if (strict !== schema) route.schema = strict;
}

/**
 * A copy of `schema` where every object schema without its own `additionalProperties` or
 * `patternProperties` refuses unknown properties; recurses through properties, array items and
 * anyOf/oneOf branches. allOf parts are left alone: each part naming only its own properties
 * would refuse the others'.
 */
export function strictSchema(schema: JsonSchema): JsonSchema {
  let out: JsonSchema = schema;
  const change = (key: string, value: unknown) => {
    if (out === schema) out = { ...schema };
    out[key] = value;
  };
  const properties = schema.properties;
  if (isSchema(properties)) {
    let changed = false;
    const next: JsonSchema = {};
    for (const [name, value] of Object.entries(properties)) {
      const strict = isSchema(value) ? strictSchema(value) : value;
      if (strict !== value) changed = true;
      next[name] = strict;
    }
    if (changed) change("properties", next);
  }
  if (isSchema(schema.items)) {
    const items = strictSchema(schema.items);
    if (items !== schema.items) change("items", items);
  }
  for (const key of ["anyOf", "oneOf"] as const) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    const next = branches.map((b: unknown) =>
      isSchema(b) ? strictSchema(b) : b,
    );
    if (next.some((b, i) => b !== branches[i])) change(key, next);
  }
  if (
    isObjectSchema(schema) &&
    !("additionalProperties" in schema) &&
    !("patternProperties" in schema)
  )
    change("additionalProperties", false);
  return out;
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isObjectSchema(schema: JsonSchema): boolean {
  const type = schema.type;
  return (
    type === "object" ||
    (Array.isArray(type) && type.includes("object")) ||
    (type === undefined && isSchema(schema.properties))
  );
}
