// The router's search codec: long digit strings (order numbers) stay the strings they were, in
// both directions, whether or not a JavaScript number would print them back the same; everything
// else parses as TanStack's JSON codec does.
import { describe, expect, it } from "vitest";
import { parseSearch, stringifySearch } from "../../../src/router/searchCodec";

/** An order number a JS number prints back unchanged (TanStack's decoder makes it a number). */
const SURVIVES_NUMBER = "202611224865936500";
/** One it does not (the last digits change). */
const LOSES_DIGITS = "202611224013516304";

describe("searchCodec", () => {
  it("keeps an order number a string even when a number would print it back the same", () => {
    expect(String(Number(SURVIVES_NUMBER))).toBe(SURVIVES_NUMBER);
    expect(parseSearch(`?masterOrderNo=${SURVIVES_NUMBER}`)).toEqual({
      masterOrderNo: SURVIVES_NUMBER,
    });
    expect(parseSearch(`?masterOrderNo=${LOSES_DIGITS}&pay=1`)).toEqual({
      masterOrderNo: LOSES_DIGITS,
      pay: 1,
    });
  });

  it("round-trips 20,000 of one day's order numbers as plain strings", () => {
    for (let i = 0; i < 20_000; i++) {
      const no = `20261122${String(i * 499_979).padStart(10, "0")}`;
      const url = stringifySearch({ masterOrderNo: no });
      expect(url).toBe(`?masterOrderNo=${no}`);
      expect(parseSearch(url).masterOrderNo).toBe(no);
    }
  });

  it("parses everything else as JSON, falling back to the string", () => {
    expect(
      parseSearch("?page=2&flag=true&name=abc&list=%5B1%2C2%5D&short=123"),
    ).toEqual({ page: 2, flag: true, name: "abc", list: [1, 2], short: 123 });
    expect(stringifySearch({ name: "abc", page: 2, quoted: "12" })).toBe(
      "?name=abc&page=2&quoted=%2212%22",
    );
  });
});
