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

const parseJson = parseSearchWith(parseValue);

/**
 * Parses a search string (`?a=1&b=x`) into values, long digit strings kept as written.
 * @example parseSearch("?masterOrderNo=202611224865936500") // { masterOrderNo: "202611224865936500" }
 */
export function parseSearch(searchStr: string): Record<string, unknown> {
  const search: Record<string, unknown> = parseJson(searchStr);
  // NOTE: TanStack's decoder turns a digit string into a number before the parser sees it
  // whenever the number prints back the same: "…936500" does (about 1 order number in 32),
  // "…516304" does not. Such a number may already differ from the order number, so the string
  // is taken again from the URL.
  for (const [key, raw] of new URLSearchParams(searchStr)) {
    if (LONG_DIGITS.test(raw) && typeof search[key] === "number")
      search[key] = raw;
  }
  return search;
}

export const stringifySearch = stringifySearchWith(JSON.stringify, parseValue);
