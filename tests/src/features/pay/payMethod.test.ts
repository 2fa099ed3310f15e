// Which WeChat Pay product a browser gets (issue #23 bug 8): JSAPI inside WeChat, H5 in a phone or
// tablet browser outside it (a QR code cannot be scanned from the same screen), Native on a
// desktop; and the H5 round trip's URLs.
import {
  choosePayMethod,
  h5PayUrl,
  h5ReturnUrl,
} from "../../../../src/features/pay/payMethod";

const UA = {
  iphoneSafari:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  androidChrome:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  iphoneWechat:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40(0x18002831) NetType/WIFI Language/zh_CN",
  androidWechat:
    "Mozilla/5.0 (Linux; Android 13; V2154A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/111.0.5563.116 Mobile Safari/537.36 XWEB/1110017 MMWEBSDK/20230805 MMWEBID/2585 MicroMessenger/8.0.42.2460(0x28002A3B) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64",
  windowsWechat:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.138 Safari/537.36 NetType/WIFI MicroMessenger/7.0.20.1781(0x6700143B) WindowsWechat(0x63090a13)",
  macSafari:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  windowsChrome:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
};

describe("choosePayMethod", () => {
  it.each([
    ["iPhone Safari", UA.iphoneSafari, 5, "h5"],
    ["Android Chrome", UA.androidChrome, 5, "h5"],
    ["iPadOS Safari (a Mac user agent, but touch)", UA.macSafari, 5, "h5"],
    ["WeChat on iPhone", UA.iphoneWechat, 5, "jsapi"],
    ["WeChat on Android", UA.androidWechat, 5, "jsapi"],
    ["WeChat for Windows", UA.windowsWechat, 0, "jsapi"],
    ["Safari on a Mac", UA.macSafari, 0, "native"],
    ["Chrome on Windows", UA.windowsChrome, 0, "native"],
    ["Chrome on a Windows touch laptop", UA.windowsChrome, 10, "native"],
  ] as const)("%s → %s", (_name, userAgent, maxTouchPoints, method) => {
    expect(choosePayMethod({ userAgent, maxTouchPoints })).toBe(method);
  });
});

describe("the H5 round trip", () => {
  it("returns to the order page, flagged to confirm, never to start paying again", () => {
    expect(h5ReturnUrl("https://fuyuan.example", "202611210000000001")).toBe(
      "https://fuyuan.example/order?masterOrderNo=202611210000000001&paying=1",
    );
  });

  it("appends the encoded redirect_url to h5_url", () => {
    expect(
      h5PayUrl(
        "https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx2016&package=1037687096",
        "https://fuyuan.example/order?masterOrderNo=202611210000000001&paying=1",
      ),
    ).toBe(
      "https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx2016&package=1037687096&redirect_url=https%3A%2F%2Ffuyuan.example%2Forder%3FmasterOrderNo%3D202611210000000001%26paying%3D1",
    );
  });
});
