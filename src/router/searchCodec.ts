// The router's search-string codec: TanStack's JSON codec, except that long digit strings (order
// numbers such as masterOrderNo, 18 digits) stay strings: as JSON numbers they exceed 2^53 and
// would lose digits, and their URLs stay plain (`?masterOrderNo=2026…`, not quoted).
import { parseSearchWith, stringifySearchWith } from "@tanstack/react-router";

const LONG_DIGITS = /^\d{16,}$/;

function parseValue(value: string): unknown {
  // NOTE: throwing tells TanStack to keep the raw string (its codec treats a parse error so).

  if (LONG_DIGITS.test(value)) throw new Error("keep as string");
  return JSON.parse(value);
}

export const parseSearch = parseSearchWith(parseValue);
export const stringifySearch = stringifySearchWith(JSON.stringify, parseValue);
