// The twelve 时辰 and the clock hours they cover (#contract, shared with the server's sign-up
// notice), and the fate-together form's choices in cn, tw and en.
import { i18n } from "@lingui/core";
import {
  firstHourOf,
  SHICHEN_BRANCHES,
  shichenOfHour,
  shichenRange,
} from "#contract";
import {
  activateLocale,
  loadCatalogPart,
} from "../../../../src/i18n/activateLocale";
import {
  shichenChoices,
  shichenValueOf,
} from "../../../../src/features/fateTogether/shichenLabels";

describe("时辰 and clock hours", () => {
  it("puts 23:00–00:59 in 子时, then two hours each up to 亥时 21:00–22:59", () => {
    expect(shichenOfHour(23)).toBe("子");
    expect(shichenOfHour(0)).toBe("子");
    expect(shichenOfHour(1)).toBe("丑");
    expect(shichenOfHour(2)).toBe("丑");
    expect(shichenOfHour(12)).toBe("午");
    expect(shichenOfHour(13)).toBe("未");
    expect(shichenOfHour(21)).toBe("亥");
    expect(shichenOfHour(22)).toBe("亥");
    expect(shichenRange("子")).toBe("23:00–00:59");
    expect(shichenRange("丑")).toBe("01:00–02:59");
    expect(shichenRange("亥")).toBe("21:00–22:59");
  });

  it("maps every hour to one 时辰 and every 时辰's first hour back to it", () => {
    const hours = Array.from({ length: 24 }, (_, hour) => hour);
    for (const branch of SHICHEN_BRANCHES) {
      expect(shichenOfHour(firstHourOf(branch))).toBe(branch);
      expect(hours.filter((h) => shichenOfHour(h) === branch)).toHaveLength(2);
    }
  });

  it("refuses what is not a clock hour", () => {
    for (const hour of [-1, 24, 1.5, Number.NaN])
      expect(() => shichenOfHour(hour)).toThrow(RangeError);
  });
});

describe("the form's 时辰 choices", () => {
  // NOTE: the sign-up's strings are their own catalog part, which its route loads.
  beforeAll(async () => {
    await loadCatalogPart("fate");
  });
  afterAll(async () => {
    await activateLocale("cn");
  });

  it.each([
    ["cn", "子时（23:00–00:59）", "亥时（21:00–22:59）"],
    ["tw", "子時（23:00–00:59）", "亥時（21:00–22:59）"],
    ["en", "Zi (23:00–00:59)", "Hai (21:00–22:59)"],
  ] as const)("are the twelve 时辰 in %s", async (locale, first, last) => {
    await activateLocale(locale);
    const choices = shichenChoices(i18n);
    expect(choices).toHaveLength(12);
    expect(choices[0]).toEqual({ value: "23", label: first });
    expect(choices[11]).toEqual({ value: "21", label: last });
  });

  it("selects a stored hour's 时辰, and nothing for an unknown hour", () => {
    expect(shichenValueOf(null)).toBe("");
    expect(shichenValueOf(undefined)).toBe("");
    expect(shichenValueOf(0)).toBe("23");
    expect(shichenValueOf(14)).toBe("13");
    expect(shichenValueOf(13)).toBe("13");
  });
});
