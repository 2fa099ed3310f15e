// The wording layer: Accept-Language → cn/tw/en, and a distinct, non-empty message in every locale
// for every AuthError code, with waits shown in seconds or minutes.
import {
  AUTH_ERROR_CODES,
  AuthError,
} from "../../../server/domain/auth/AuthError";
import {
  authMessage,
  fieldMessage,
} from "../../../server/domain/auth/authMessages";
import { localeFromAcceptLanguage } from "../../../server/domain/auth/requestLocale";
import { LOCALES } from "../../../server/lib/locale";

describe("localeFromAcceptLanguage", () => {
  it.each([
    [undefined, "cn"],
    ["", "cn"],
    ["zh-CN", "cn"],
    ["zh", "cn"],
    ["zh-Hans-CN", "cn"],
    ["zh-TW", "tw"],
    ["zh-HK,zh;q=0.8", "tw"],
    ["zh-Hant", "tw"],
    ["en", "en"],
    ["en-GB,en;q=0.9,zh-CN;q=0.8", "en"],
    ["zh-CN;q=0.5, en;q=0.9", "en"],
    ["fr-FR, de;q=0.9", "cn"],
    ["fr-FR, zh-TW;q=0.1", "tw"],
    ["en;q=0, zh-TW", "tw"],
  ])("%j → %s", (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});

describe("authMessage", () => {
  const codes = [...AUTH_ERROR_CODES];

  it("has a distinct message per code in each locale", () => {
    for (const locale of LOCALES) {
      const texts = codes.map((code) =>
        authMessage(
          new AuthError(code, { retryAfterSeconds: 30, field: "phone" }),
          locale,
        ),
      );
      for (const text of texts) expect(text.length).toBeGreaterThan(3);
      expect(new Set(texts).size).toBe(codes.length);
    }
  });

  it("shows short waits in seconds and long ones in minutes", () => {
    const wait = (seconds: number, locale: "cn" | "tw" | "en") =>
      authMessage(
        new AuthError("CODE_RESEND_TOO_SOON", { retryAfterSeconds: seconds }),
        locale,
      );
    expect(wait(1, "en")).toContain("1 second ");
    expect(wait(45.2, "en")).toContain("46 seconds");
    expect(wait(3600, "cn")).toContain("60 分钟");
    expect(wait(3541, "tw")).toContain("60 分鐘");
    expect(wait(85_790, "en")).toContain("24 hours");
    expect(wait(7200, "cn")).toContain("2 小时");
  });

  it("names the field in every locale, generically for fields a program filled in", () => {
    expect(fieldMessage("email", "cn")).toBe("请输入正确的邮箱地址（email）");
    expect(fieldMessage("email", "tw")).toBe("請輸入正確的電子信箱（email）");
    expect(fieldMessage("email", "en")).toBe(
      "Enter a valid e-mail address (email).",
    );
    expect(fieldMessage("code", "en", null)).toBe(
      "Invalid request field: code",
    );
    expect(fieldMessage("account", "en", "phone")).toBe(
      "Enter a valid mainland China mobile number (account).",
    );
    expect(fieldMessage("refresh_token", "cn")).toBe(
      "请求参数不正确：refresh_token",
    );
  });
});
