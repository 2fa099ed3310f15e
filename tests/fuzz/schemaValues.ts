// Values for the REST fuzzer, driven by a route's JSON schema: plausible ones (that satisfy the
// schema where a simple generator can, or were seen in earlier answers) and hostile ones (wrong
// types, boundary and huge numbers, NUL and lone surrogates, huge strings, injection look-alikes).
import type { Prng } from "../support/protocol/prng";
import type { JsonSchema } from "./restRoutes";

/** Literal JSON text placed as is (numbers JavaScript cannot hold, e.g. 1e400 or 2^64). */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** Values seen in successful answers, by property name (ids, order numbers, imIds…). */
export type ValuePool = Map<string, unknown[]>;

const POOL_LIMIT = 40;

/** Remembers every scalar of `data` under its property name (a small ring per name). */
export function harvest(pool: ValuePool, data: unknown, depth = 0): void {
  if (depth > 6 || typeof data !== "object" || data === null) return;
  for (const [key, value] of Object.entries(data)) {
    if (
      typeof value === "string" ||
      typeof value === "number" ||
      typeof value === "boolean"
    ) {
      const seen = pool.get(key) ?? [];
      if (!seen.includes(value)) {
        seen.push(value);
        if (seen.length > POOL_LIMIT) seen.shift();
      }
      pool.set(key, seen);
    } else harvest(pool, value, depth + 1);
  }
}

const HOSTILE_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff\ud800",
  "\u202eevil",
  "\ufeff",
  "😀".repeat(60),
  "字".repeat(3000),
  "x".repeat(70_000),
  "' OR '1'='1",
  "1; DROP TABLE users; --",
  "$(reboot)",
  "../../../../etc/passwd",
  "%00",
  "%",
  "<script>alert(1)</script>",
  "NaN",
  "Infinity",
  "-0",
  "0x10",
  "1e5",
  "１２３",
  "٣",
  "2026-02-30",
  "0000-00-00",
  "9999-12-31T25:61:61Z",
  "\n\r\t",
  "null",
  "true",
  "__proto__",
  "constructor",
];

const HOSTILE_NUMBERS = [
  -1,
  0,
  0.5,
  -0.0001,
  2147483647,
  2147483648,
  -2147483649,
  4294967296,
  9007199254740991,
  -9007199254740991,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

const HOSTILE_RAW = [
  "1e400",
  "-1e400",
  "18446744073709551616",
  "9007199254740993",
  "0.1e-400",
  "123456789012345678901234567890",
];

/** Anything at all, biased towards what breaks parsers, validators and databases. */
export function hostileValue(r: Prng, depth = 0): unknown {
  switch (r.int(0, 9)) {
    case 0:
    case 1:
    case 2:
      return r.pick(HOSTILE_STRINGS);
    case 3:
    case 4:
      return r.pick(HOSTILE_NUMBERS);
    case 5:
      return new RawJson(r.pick(HOSTILE_RAW));
    case 6:
      return r.pick([true, false, null]);
    case 7:
      return depth > 2
        ? []
        : Array.from({ length: r.int(0, 3) }, () => hostileValue(r, depth + 1));
    case 8:
      return depth > 2
        ? {}
        : {
            [r.pick(["$ne", "__proto__", "a", "constructor"])]: hostileValue(
              r,
              depth + 1,
            ),
          };
    default:
      return r.str(40);
  }
}

function typeOf(schema: JsonSchema): string | undefined {
  const type = schema.type;
  if (Array.isArray(type)) return type.find((t) => t !== "null") as string;
  return typeof type === "string" ? type : undefined;
}

function num(schema: JsonSchema, key: string): number | undefined {
  const value = schema[key];
  return typeof value === "number" ? value : undefined;
}

/** A string that a simple pattern (digits, word characters, fixed lengths) likely accepts. */
function patternString(r: Prng, pattern: string): string {
  const quantity = /\{(\d+)(?:,(\d*))?\}/.exec(pattern);
  const min = quantity ? Number(quantity[1]) : 1;
  const max = quantity?.[2] ? Number(quantity[2]) : quantity ? min : 16;
  const length = r.int(min, Math.min(max, min + 24));
  const digits = pattern.includes("\\d") || pattern.includes("[0-9]");
  const alphabet =
    digits && !/[A-Za-z]-|\\w/.test(pattern)
      ? "0123456789"
      : "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  let s = "";
  for (let i = 0; i < length; i++)
    s += alphabet[r.int(0, alphabet.length - 1)]!;
  return s;
}

function plausibleString(r: Prng, schema: JsonSchema): string {
  const format = schema.format;
  if (format === "date")
    return `${r.int(1900, 2030)}-${String(r.int(1, 12)).padStart(2, "0")}-${String(r.int(1, 28)).padStart(2, "0")}`;
  if (format === "date-time") return new Date(r.int(0, 2e12)).toISOString();
  if (format === "email") return `fuzz${r.int(0, 9999)}@example.com`;
  if (format === "uri" || format === "url")
    return `https://example.com/${r.ascii(0, 12).replace(/[^\w]/g, "")}`;
  if (typeof schema.pattern === "string")
    return patternString(r, schema.pattern);
  const min = num(schema, "minLength") ?? 0;
  const max = Math.min(num(schema, "maxLength") ?? 24, min + 40);
  let s = r.str(max);
  while (s.length < min) s += r.pick(["a", "字", "1"]);
  return s.slice(0, Math.max(min, max));
}

function plausibleNumber(
  r: Prng,
  schema: JsonSchema,
  integer: boolean,
): number {
  const min =
    num(schema, "minimum") ?? (num(schema, "exclusiveMinimum") ?? -1000) + 1;
  const max =
    num(schema, "maximum") ?? (num(schema, "exclusiveMaximum") ?? 1000) - 1;
  const lo = Math.max(min, -1e9);
  const hi = Math.min(max, 1e9);
  if (hi < lo) return lo;
  const pickEdge = r.bool(0.25);
  if (integer) {
    if (pickEdge) return r.pick([Math.ceil(lo), Math.floor(hi)]);
    return r.int(
      Math.ceil(lo),
      Math.max(Math.ceil(lo), Math.min(Math.floor(hi), Math.ceil(lo) + 50)),
    );
  }
  return pickEdge ? r.pick([lo, hi]) : lo + r.next() * (hi - lo);
}

/** A value the schema (probably) accepts; `name` looks up earlier answers' values first. */
export function plausibleValue(
  r: Prng,
  schema: JsonSchema,
  pool: ValuePool,
  name?: string,
  depth = 0,
): unknown {
  const seen = name === undefined ? undefined : pool.get(name);
  if (seen !== undefined && seen.length > 0 && r.bool(0.5)) return r.pick(seen);
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0)
    return r.pick(schema.enum as unknown[]);
  for (const key of ["anyOf", "oneOf"] as const) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.length > 0)
      return plausibleValue(
        r,
        r.pick(branches as JsonSchema[]),
        pool,
        name,
        depth,
      );
  }
  switch (typeOf(schema)) {
    case "string":
      return plausibleString(r, schema);
    case "integer":
      return plausibleNumber(r, schema, true);
    case "number":
      return plausibleNumber(r, schema, false);
    case "boolean":
      return r.bool();
    case "null":
      return null;
    case "array": {
      if (depth > 3) return [];
      const items = (schema.items as JsonSchema | undefined) ?? {};
      const min = num(schema, "minItems") ?? 0;
      const max = Math.min(num(schema, "maxItems") ?? 4, min + 4);
      return Array.from({ length: r.int(min, Math.max(min, max)) }, () =>
        plausibleValue(r, items, pool, name, depth + 1),
      );
    }
    case "object":
      return depth > 3 ? {} : plausibleObject(r, schema, pool, depth + 1);
    case undefined:
    default:
      return seen?.[0] ?? r.pick([r.str(12), r.int(0, 100), r.bool()]);
  }
}

function properties(schema: JsonSchema): Record<string, JsonSchema> {
  return (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
}

/** Every required property and some optional ones, each plausible. */
export function plausibleObject(
  r: Prng,
  schema: JsonSchema,
  pool: ValuePool,
  depth = 0,
): Record<string, unknown> {
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const out: Record<string, unknown> = {};
  for (const [key, sub] of Object.entries(properties(schema)))
    if (required.has(key) || r.bool(0.5))
      out[key] = plausibleValue(r, sub, pool, key, depth);
  return out;
}

/** How an object was spoiled, for the summary. */
export type Spoil =
  | "none"
  | "wrongValue"
  | "missingRequired"
  | "unknownField"
  | "hostileEverywhere";

/** A plausible object, spoiled in one way (or, now and then, left valid). */
export function fuzzObject(
  r: Prng,
  schema: JsonSchema,
  pool: ValuePool,
): { value: Record<string, unknown>; spoil: Spoil } {
  const value = plausibleObject(r, schema, pool);
  const keys = Object.keys(properties(schema));
  const spoil: Spoil = r.pick([
    "none",
    "wrongValue",
    "wrongValue",
    "missingRequired",
    "unknownField",
    "hostileEverywhere",
  ] as const);
  switch (spoil) {
    case "wrongValue":
      if (keys.length > 0) value[r.pick(keys)] = hostileValue(r);
      break;
    case "missingRequired": {
      const required = (schema.required as string[] | undefined) ?? [];
      if (required.length > 0) Reflect.deleteProperty(value, r.pick(required));
      break;
    }
    case "unknownField":
      value[
        r.pick([
          "extra",
          "isAdmin",
          "userId",
          "totalFen",
          "__proto__x",
          r.ascii(1, 12),
        ])
      ] = hostileValue(r);
      break;
    case "hostileEverywhere":
      for (const key of keys) if (r.bool(0.7)) value[key] = hostileValue(r);
      break;
    case "none":
      break;
  }
  return { value, spoil };
}

/** JSON text of `value`, with {@link RawJson} parts written literally. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(",")}]`;
  if (typeof value === "object" && value !== null)
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`)
      .join(",")}}`;
  // NOTE: JSON.stringify(undefined) is undefined, whatever its declared type says.
  return value === undefined ? "null" : JSON.stringify(value);
}

/** A value as it goes into a URL (querystring or path segment). */
export function toUrlText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (typeof value === "string") return value;
  if (
    typeof value === "number" ||
    typeof value === "boolean" ||
    typeof value === "bigint"
  )
    return String(value);
  return toJsonText(value);
}
