// The option the order form starts with: `?option=` as the product page passes it, checked, and
// kept only when the product has that option.
import { initialOptionId } from "../../../../src/features/products/OptionRadios";
import { validateOrderConfirmSearch } from "../../../../src/router/orderParams";

const options = [
  { id: 4, label: "1 日", days: 1, priceFen: 990 },
  { id: 5, label: "7 日", days: 7, priceFen: 5800 },
];

describe("?option= of the order form", () => {
  it("takes a positive integer id and drops anything else", () => {
    expect(validateOrderConfirmSearch({ option: 5 })).toEqual({ option: 5 });
    expect(validateOrderConfirmSearch({ option: "5" })).toEqual({ option: 5 });
    for (const option of [0, -1, 1.5, "x", null, undefined])
      expect(validateOrderConfirmSearch({ option })).toEqual({
        option: undefined,
      });
  });

  it("starts with the wanted option when the product has it, else the first", () => {
    expect(initialOptionId(options, 5)).toBe(5);
    expect(initialOptionId(options, 99)).toBe(4);
    expect(initialOptionId(options, undefined)).toBe(4);
    expect(initialOptionId([], 5)).toBeUndefined();
  });
});
