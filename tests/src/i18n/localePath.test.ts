// Locale prefixes in paths: split, add, and rewrite for a locale switch (same page, new prefix).
import {
  splitLocalePath,
  switchLocalePath,
  withLocalePrefix,
} from "../../../src/i18n/localePath";

describe("splitLocalePath", () => {
  it.each([
    ["/", undefined, "/"],
    ["/blessing", undefined, "/blessing"],
    ["/en", "en", "/"],
    ["/en/", "en", "/"],
    ["/tw/my", "tw", "/my"],
    ["/cn/blessing/3", "cn", "/blessing/3"],
    ["/english/x", undefined, "/english/x"],
    ["/foo", undefined, "/foo"],
  ])("%s → locale %s, rest %s", (path, locale, rest) => {
    expect(splitLocalePath(path)).toEqual({ locale, rest });
  });
});

describe("withLocalePrefix", () => {
  it("adds no prefix for cn", () => {
    expect(withLocalePrefix("/blessing", "cn")).toBe("/blessing");
    expect(withLocalePrefix("/", "cn")).toBe("/");
  });
  it("prefixes tw and en", () => {
    expect(withLocalePrefix("/blessing", "en")).toBe("/en/blessing");
    expect(withLocalePrefix("/", "tw")).toBe("/tw");
  });
});

describe("switchLocalePath", () => {
  it.each([
    ["/", "en", "/en"],
    ["/blessing", "en", "/en/blessing"],
    ["/en/blessing", "tw", "/tw/blessing"],
    ["/tw/my", "cn", "/my"],
    ["/en", "cn", "/"],
    [
      "/en/blessing?category=lamp&page=2",
      "tw",
      "/tw/blessing?category=lamp&page=2",
    ],
    ["/dynamicFamily#news-3", "en", "/en/dynamicFamily#news-3"],
    ["/productDetails/12", "cn", "/productDetails/12"],
  ] as const)("%s in %s → %s", (href, locale, expected) => {
    expect(switchLocalePath(href, locale)).toBe(expected);
  });
});
