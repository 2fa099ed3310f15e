// The server's Lingui catalogs (locales/{locale}/server.po through server/i18n): every locale has
// its own I18n, so interleaved requests in different locales get their own wording; English
// plurals come from the catalog's ICU messages; text people typed goes in exactly as typed.
import { type ServerMessage, translate } from "../../../server/i18n/serverI18n";
import { loadServerMessages } from "../../../server/i18n/serverMessages";

const WAIT_MINUTES: ServerMessage = {
  id: "auth.wait.minutes",
  message: "{n} 分钟",
};
const GREETING: ServerMessage = {
  id: "chat.handOffGreeting",
  message: "您好，我是{name}，接下来由我为您服务。",
};

describe("translate", () => {
  it("answers each locale from its own catalog, however calls interleave", async () => {
    const texts = await Promise.all(
      (["en", "cn", "tw", "en", "cn"] as const).map(async (locale, i) => {
        await new Promise((resolve) => setTimeout(resolve, 5 - i));
        return translate(locale, WAIT_MINUTES, { n: 5 });
      }),
    );
    expect(texts).toEqual([
      "5 minutes",
      "5 分钟",
      "5 分鐘",
      "5 minutes",
      "5 分钟",
    ]);
  });

  it("picks the English plural form and writes numbers without grouping", () => {
    expect(translate("en", WAIT_MINUTES, { n: 1 })).toBe("1 minute");
    expect(translate("en", WAIT_MINUTES, { n: 2 })).toBe("2 minutes");
    expect(translate("en", WAIT_MINUTES, { n: 2778 })).toBe("2778 minutes");
  });

  it("puts values in as typed, escape-like sequences and braces included", () => {
    expect(translate("en", GREETING, { name: "A\\u0042{c}#" })).toBe(
      "Hello, I am A\\u0042{c}#; I will look after you from now on.",
    );
    expect(translate("cn", GREETING, { name: "$1 $& \uE000 \u0000" })).toBe(
      "您好，我是$1 $& \uE000 \u0000，接下来由我为您服务。",
    );
  });
});

describe("loadServerMessages", () => {
  it("compiles the same ids for every locale", () => {
    const messages = loadServerMessages();
    const ids = Object.keys(messages.cn).sort();
    expect(ids.length).toBeGreaterThan(50);
    expect(Object.keys(messages.tw).sort()).toEqual(ids);
    expect(Object.keys(messages.en).sort()).toEqual(ids);
  });
});
