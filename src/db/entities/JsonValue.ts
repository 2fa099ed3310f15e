// JSON-shaped values as stored in IndexedDB and passed across comlink: message payloads, command
// params, channel extras. Plain data only (no functions, no class instances).

/** Any JSON value. */
export type JsonValue =
  string | number | boolean | null | readonly JsonValue[] | JsonObject;

/** A JSON object (a decoded payload, for example `{ "type": 1, "content": "hi" }`). */
export interface JsonObject {
  readonly [key: string]: JsonValue;
}
