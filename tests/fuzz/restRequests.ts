// One fuzzed HTTP request for a route: path parameters, querystring and body from the route's
// schemas, spoiled (wrong types, missing or unknown fields, hostile values), or replaced by
// malformed JSON, non-object JSON, huge or deeply nested bodies, the wrong content type or a
// multipart envelope; sent signed in as one of two users, with a garbage token or anonymously.
import type { Prng } from "../support/protocol/prng";
import type { FuzzRoute, JsonSchema } from "./restRoutes";
import {
  fuzzObject,
  hostileValue,
  plausibleValue,
  toJsonText,
  toUrlText,
  type ValuePool,
} from "./schemaValues";

/** Fastify's default bodyLimit (1 MiB): larger bodies must get 413. */
export const BODY_LIMIT = 1024 * 1024;
/** Longer URLs are cut (Node answers 431 for headers past 16 KiB, before Fastify). */
const MAX_URL = 6000;

export type Caller = "none" | "userA" | "userB" | "garbage";

export interface FuzzRequest {
  method: string;
  /** Path and querystring. */
  url: string;
  headers: Record<string, string>;
  body: string | Uint8Array<ArrayBuffer> | undefined;
  /** What was done to the request, e.g. "json:unknownField", "hugeBody", "malformedJson". */
  kind: string;
  caller: Caller;
}

export interface RequestContext {
  pool: ValuePool;
  tokens: { userA: string; userB: string };
}

const GARBAGE_AUTH = [
  "Bearer ",
  "Bearer null",
  "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOjF9.",
  "Basic YWRtaW46YWRtaW4=",
  `Bearer ${"A".repeat(4000)}`,
  "Bearer a.b.c",
  "bearer x",
];

const MALFORMED_JSON = [
  "{",
  "[1,",
  '{"a":1}}',
  "{'a':1}",
  '{"a":01}',
  '{"a":NaN}',
  "nul",
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  "\ufeff{}",
  '{"a":1,"a":2}',
];

const WRONG_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "application/xml",
  "application/octet-stream",
  "application/json; charset=latin1",
  "application/json-patch+json",
  "image/png",
];

function pickCaller(r: Prng, route: FuzzRoute): Caller {
  const x = r.next();
  if (route.auth)
    return x < 0.6
      ? "userA"
      : x < 0.7
        ? "userB"
        : x < 0.85
          ? "none"
          : "garbage";
  return x < 0.7 ? "none" : x < 0.85 ? "userA" : "garbage";
}

/** Percent-encodes a path part; a lone surrogate becomes the bytes of one (invalid UTF-8 on purpose). */
function encodePart(text: string): string {
  return text
    .split(LONE_SURROGATE)
    .map((piece, i) => (i % 2 === 1 ? "%ED%A0%80" : encodeURIComponent(piece)))
    .join("");
}

const LONE_SURROGATE =
  /([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/;

function pathValue(
  r: Prng,
  name: string,
  schema: JsonSchema,
  pool: ValuePool,
): string {
  const x = r.next();
  if (x < 0.6)
    return encodePart(toUrlText(plausibleValue(r, schema, pool, name)));
  if (x < 0.9) return encodePart(toUrlText(hostileValue(r))).slice(0, 300);
  return r.pick(["..", "%2e%2e", "%2F", "%zz", "%00", "a%2Fb", "."]);
}

function buildPath(r: Prng, route: FuzzRoute, pool: ValuePool): string {
  return route.path
    .replace(/:(\w+)/g, (_m, name: string) =>
      pathValue(r, name, route.params[name] ?? {}, pool),
    )
    .replace("*", () => encodePart(r.ascii(0, 20)));
}

function buildQuery(r: Prng, route: FuzzRoute, pool: ValuePool): string {
  const parts: [string, string][] = [];
  for (const [name, schema] of Object.entries(route.query)) {
    const required = route.requiredQuery.includes(name);
    const x = r.next();
    if (!required && x < 0.3) continue;
    if (required && x < 0.05) continue;
    const value = r.bool(0.75)
      ? plausibleValue(r, schema, pool, name)
      : hostileValue(r);
    parts.push([name, toUrlText(value)]);
    if (r.bool(0.03)) parts.push([name, toUrlText(hostileValue(r))]);
  }
  if (r.bool(0.1))
    parts.push([
      r.pick(["extra", "debug", "admin", "locale", r.ascii(1, 8)]),
      toUrlText(hostileValue(r)),
    ]);
  const query = new URLSearchParams(parts).toString();
  if (r.bool(0.02))
    return r.pick(["?%", "?a=%zz", "?&&&", "?=", "?a[b]=1&a[c]=2"]);
  return query === "" ? "" : `?${query}`;
}

function deepBody(r: Prng): string {
  const depth = r.pick([100, 1000, 20_000]);
  return r.bool()
    ? "[".repeat(depth) + "]".repeat(depth)
    : '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
}

function multipartBody(r: Prng): {
  type: string;
  body: Uint8Array<ArrayBuffer>;
} {
  const boundary = `----fuzz${r.int(0, 1e9)}`;
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="${r.pick(["file", "image", "signature", "x"])}"; filename="${r.pick(["a.png", "../../a.png", "a\u0000.jpg", ""])}"\r\nContent-Type: ${r.pick(["image/png", "image/jpeg", "text/html", "application/json"])}\r\n\r\n`,
  );
  const magic = r.pick([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
    new Uint8Array(0),
  ]);
  const content = r.bytes(r.int(0, 2000));
  const tail = new TextEncoder().encode(
    r.bool(0.8) ? `\r\n--${boundary}--\r\n` : `\r\n--${boundary}`,
  );
  const body = new Uint8Array(
    head.length + magic.length + content.length + tail.length,
  );
  body.set(head, 0);
  body.set(magic, head.length);
  body.set(content, head.length + magic.length);
  body.set(tail, head.length + magic.length + content.length);
  return {
    type: r.bool(0.9)
      ? `multipart/form-data; boundary=${boundary}`
      : "multipart/form-data",
    body,
  };
}

interface Body {
  kind: string;
  type: string | undefined;
  body: string | Uint8Array<ArrayBuffer> | undefined;
}

function buildBody(r: Prng, route: FuzzRoute, pool: ValuePool): Body {
  const schema = route.body;
  const x = r.next();
  if (x < 0.55) {
    if (schema !== null) {
      const { value, spoil } = fuzzObject(r, schema, pool);
      return {
        kind: `json:${spoil}`,
        type: "application/json",
        body: toJsonText(value),
      };
    }
    return {
      kind: "json:unschemed",
      type: "application/json",
      body: toJsonText(hostileValue(r)),
    };
  }
  if (x < 0.65)
    return {
      kind: "malformedJson",
      type: "application/json",
      body: r.pick(MALFORMED_JSON),
    };
  if (x < 0.72)
    return {
      kind: "nonObjectJson",
      type: "application/json",
      body: r.pick(["[]", "[{}]", '"x"', "0", "null", "true", "-1e400"]),
    };
  if (x < 0.74) {
    const size = BODY_LIMIT + r.int(1, 2 * BODY_LIMIT);
    return {
      kind: "hugeBody",
      type: "application/json",
      body: `{"a":"${"x".repeat(size)}"}`,
    };
  }
  if (x < 0.76)
    return { kind: "deepBody", type: "application/json", body: deepBody(r) };
  if (x < 0.84) {
    const text =
      schema === null ? "a=1" : toJsonText(fuzzObject(r, schema, pool).value);
    return { kind: "wrongContentType", type: r.pick(WRONG_TYPES), body: text };
  }
  if (x < 0.88)
    return {
      kind: "emptyBody",
      type: r.pick(["application/json", undefined]),
      body: "",
    };
  if (x < 0.92)
    return {
      kind: "invalidUtf8",
      type: "application/json",
      body: new Uint8Array([
        0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d,
      ]),
    };
  const multipart = multipartBody(r);
  return { kind: "multipart", type: multipart.type, body: multipart.body };
}

/** One fuzzed request for `route`. */
export function buildRequest(
  r: Prng,
  route: FuzzRoute,
  context: RequestContext,
): FuzzRequest {
  const caller = pickCaller(r, route);
  const headers: Record<string, string> = { accept: "application/json" };
  if (caller === "userA")
    headers.authorization = `Bearer ${context.tokens.userA}`;
  if (caller === "userB")
    headers.authorization = `Bearer ${context.tokens.userB}`;
  if (caller === "garbage") headers.authorization = r.pick(GARBAGE_AUTH);
  if (r.bool(0.1))
    headers["accept-language"] = r.pick([
      "en",
      "zh-TW",
      "zh-CN",
      "xx",
      "*",
      ";q=",
      "en;q=abc",
    ]);
  let url =
    buildPath(r, route, context.pool) + buildQuery(r, route, context.pool);
  if (url.length > MAX_URL) url = url.slice(0, MAX_URL);
  const method = r.bool(0.03)
    ? r.pick(["PUT", "PATCH", "DELETE", "GET", "POST"])
    : route.method;
  if (method === "GET" || method === "HEAD")
    return { method, url, headers, body: undefined, kind: "query", caller };
  const body = buildBody(r, route, context.pool);
  if (body.type !== undefined) headers["content-type"] = body.type;
  return { method, url, headers, body: body.body, kind: body.kind, caller };
}
