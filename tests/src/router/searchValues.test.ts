// The route value checks: integers in a range from numbers or numeric strings, list members,
// bounded text, anchored patterns; anything else is undefined, never an exception.
import {
  intIn,
  matching,
  oneOf,
  textOf,
} from "../../../src/router/searchValues";

it("takes integers in range from numbers and numeric strings only", () => {
  expect(intIn(3, 1, 10)).toBe(3);
  expect(intIn("7", 1, 10)).toBe(7);
  expect(intIn(" 7 ", 1, 10)).toBe(7);
  for (const bad of [
    0,
    11,
    2.5,
    "2.5",
    "",
    " ",
    "x",
    "1e400",
    null,
    true,
    [],
    {},
    NaN,
    undefined,
    Symbol("s"),
  ])
    expect(intIn(bad, 1, 10)).toBeUndefined();
});

it("takes list members, bounded text and pattern matches", () => {
  expect(oneOf(["a", "b"] as const, "b")).toBe("b");
  expect(oneOf(["a", "b"] as const, "c")).toBeUndefined();
  expect(oneOf(["a", "b"] as const, 1)).toBeUndefined();
  expect(textOf(123, 1, 5)).toBe("123");
  expect(textOf("", 1, 5)).toBeUndefined();
  expect(textOf("abcdef", 1, 5)).toBeUndefined();
  expect(textOf({}, 1, 5)).toBeUndefined();
  expect(matching(/^\d{3}$/, "123")).toBe("123");
  expect(matching(/^\d{3}$/, 123)).toBeUndefined();
  expect(matching(/^\d{3}$/, "1234")).toBeUndefined();
});
