// Locale resolution (URL > localStorage > cookie > cn), invalid values reset to cn, and the
// persisted forms: localStorage `locale` and a `locale` cookie (365 days, SameSite=Lax).
import {
  buildLocaleCookie,
  persistLocale,
  readLocaleCookie,
  resolveBrowserLocale,
  resolveLocale,
} from "../../../src/i18n/localePersistence";

function clearCookie() {
  document.cookie = "locale=; Max-Age=0; Path=/";
}

beforeEach(() => {
  localStorage.clear();
  clearCookie();
});

describe("resolveLocale", () => {
  it("prefers the URL, then localStorage, then the cookie, then cn", () => {
    expect(resolveLocale({ url: "en", stored: "tw", cookie: "tw" })).toBe("en");
    expect(resolveLocale({ url: undefined, stored: "tw", cookie: "en" })).toBe(
      "tw",
    );
    expect(resolveLocale({ url: undefined, stored: null, cookie: "en" })).toBe(
      "en",
    );
    expect(
      resolveLocale({ url: undefined, stored: null, cookie: undefined }),
    ).toBe("cn");
  });

  it("resets any other stored value to cn", () => {
    expect(resolveLocale({ url: undefined, stored: "fr", cookie: "en" })).toBe(
      "cn",
    );
    expect(
      resolveLocale({ url: undefined, stored: null, cookie: "zh-CN" }),
    ).toBe("cn");
    expect(
      resolveLocale({ url: undefined, stored: "", cookie: undefined }),
    ).toBe("cn");
  });
});

describe("cookie", () => {
  it("lasts 365 days with SameSite=Lax on the whole site", () => {
    expect(buildLocaleCookie("tw")).toBe(
      "locale=tw; Max-Age=31536000; Path=/; SameSite=Lax",
    );
  });

  it("reads the locale cookie among others", () => {
    expect(readLocaleCookie("a=1; locale=en; b=2")).toBe("en");
    expect(readLocaleCookie("a=1")).toBeUndefined();
  });
});

describe("browser persistence", () => {
  it("persistLocale writes localStorage and the cookie", () => {
    persistLocale("en");
    expect(localStorage.getItem("locale")).toBe("en");
    expect(readLocaleCookie(document.cookie)).toBe("en");
  });

  it("resolves from the browser's stores in order", () => {
    document.cookie = buildLocaleCookie("tw");
    expect(resolveBrowserLocale(undefined)).toBe("tw");
    localStorage.setItem("locale", "en");
    expect(resolveBrowserLocale(undefined)).toBe("en");
    expect(resolveBrowserLocale("tw")).toBe("tw");
  });

  it("resets an invalid stored value to cn in both stores", () => {
    localStorage.setItem("locale", "xx");
    document.cookie = "locale=en; Path=/";
    expect(resolveBrowserLocale(undefined)).toBe("cn");
    expect(localStorage.getItem("locale")).toBe("cn");
    expect(readLocaleCookie(document.cookie)).toBe("cn");
  });
});
