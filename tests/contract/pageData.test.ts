// The contract's query strings are URLSearchParams' to the byte (a preload is only used when the
// URL matches), for any names and values, undefined values left out.
import fc from "fast-check";
import { apiSearch } from "../../contract/pageData";

it("encodes a query as URLSearchParams does", () => {
  const value = fc.oneof(
    fc.string({ unit: "binary" }),
    fc.integer(),
    fc.boolean(),
    fc.constant(undefined),
  );
  fc.assert(
    fc.property(
      fc.dictionary(fc.string({ unit: "binary" }), value),
      (query) => {
        const expected = new URLSearchParams();
        for (const [key, v] of Object.entries(query))
          if (v !== undefined) expected.set(key, String(v));
        expect(apiSearch(query)).toBe(expected.toString());
      },
    ),
    { numRuns: 2_000 },
  );
  expect(apiSearch({ q: "a b!~'()*", n: 1, skip: undefined })).toBe(
    "q=a+b%21%7E%27%28%29*&n=1",
  );
});
