// User-agent checks: crawler detection for the 404 screen, mobile devices and WeChat's browser.
import {
  isCrawler,
  isMobileUserAgent,
  isWechatUserAgent,
} from "../../../src/lib/userAgent";

it.each([
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)",
  "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
  "Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)",
  "Mozilla/5.0 (compatible; YandexBot/3.0)",
])("detects %s", (ua) => {
  expect(isCrawler(ua)).toBe(true);
});

it.each([
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.40",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36",
])("lets browsers through: %s", (ua) => {
  expect(isCrawler(ua)).toBe(false);
});

describe("mobile and WeChat detection", () => {
  it.each([
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/156.0 Mobile Safari/537.36",
      true,
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
      true,
    ],
    [
      "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1",
      true,
    ],
    [
      "Mozilla/5.0 (iPod touch; CPU iPhone OS 15_0 like Mac OS X) AppleWebKit/605.1.15",
      true,
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36",
      false,
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36",
      false,
    ],
  ])("%s → mobile %s", (ua, mobile) => {
    expect(isMobileUserAgent(ua)).toBe(mobile);
  });

  it("recognises WeChat's browser by MicroMessenger", () => {
    expect(
      isWechatUserAgent(
        "Mozilla/5.0 (iPhone) Mobile/15E148 MicroMessenger/8.0.47",
      ),
    ).toBe(true);
    expect(
      isWechatUserAgent(
        "Mozilla/5.0 (Windows NT 10.0) WindowsWechat MicroMessenger/7.0.20",
      ),
    ).toBe(true);
    expect(
      isWechatUserAgent("Mozilla/5.0 (iPhone) Mobile/15E148 Safari/604.1"),
    ).toBe(false);
  });
});
