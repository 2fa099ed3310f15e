// WuKongIM writes int64s as bare JSON numbers (message ids ≈ 2.1e18): parsing keeps the ones past
// 2^53 exact as strings and leaves everything else as JSON.parse would.
import { expect, it } from "vitest";
import {
  parseJsonLossless,
  quoteUnsafeIntegers,
} from "../../../../server/im/wukongim/losslessJson";

it("quotes integers beyond 2^53 and only those", () => {
  const text =
    '{"message_id":2126026865201123328,"message_seq":1,"version":1795719278000000000,"n":-9007199254740993,"safe":9007199254740991}';
  expect(parseJsonLossless(text)).toEqual({
    message_id: "2126026865201123328",
    message_seq: 1,
    version: "1795719278000000000",
    n: "-9007199254740993",
    safe: 9007199254740991,
  });
});

it("leaves strings, decimals and exponents alone", () => {
  const text =
    '["a 2126026865201123328 \\" 99999999999999999999", 1.5, 1e300, 12345678901234567890.5, -0, true, null]';
  expect(quoteUnsafeIntegers(text)).toBe(text);
  expect(parseJsonLossless(text)).toEqual(JSON.parse(text));
});

it("handles escaped quotes and backslashes inside strings", () => {
  const text = '{"k\\\\":"v\\\\","x":"\\"","id":99999999999999999999}';
  expect(parseJsonLossless(text)).toEqual({
    "k\\": "v\\",
    x: '"',
    id: "99999999999999999999",
  });
});

it("keeps JSON.parse's errors for invalid JSON", () => {
  expect(() => parseJsonLossless("{")).toThrow(SyntaxError);
});
