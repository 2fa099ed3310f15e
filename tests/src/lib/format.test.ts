// Price (fen → ¥, two decimals) and date formatting.
import { formatDate, formatPriceFen } from "../../../src/lib/format";

describe("formatPriceFen", () => {
  it.each([
    [0, "¥0.00"],
    [1, "¥0.01"],
    [99, "¥0.99"],
    [100, "¥1.00"],
    [8800, "¥88.00"],
    [12345, "¥123.45"],
    [123456789, "¥1,234,567.89"],
    [-250, "-¥2.50"],
  ])("%i fen → %s", (fen, expected) => {
    expect(formatPriceFen(fen)).toBe(expected);
  });

  it("rejects amounts that are not whole fen", () => {
    expect(() => formatPriceFen(1.5)).toThrow(RangeError);
    expect(() => formatPriceFen(Number.NaN)).toThrow(RangeError);
  });
});

describe("formatDate", () => {
  it("formats per locale", () => {
    expect(formatDate("2026-03-05T08:00:00Z", "en")).toBe("Mar 5, 2026");
    expect(formatDate("2026-03-05T08:00:00Z", "cn")).toBe("2026年3月5日");
  });

  it("returns an unparsable value unchanged", () => {
    expect(formatDate("not a date", "cn")).toBe("not a date");
  });
});
