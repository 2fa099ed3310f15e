// WeChat login planning and URLs: which flow each browser gets, the callback URL's type, the
// QR-connect and authorize URLs, the widget options, and the pending login in sessionStorage.
import {
  authorizeUrl,
  callbackUrl,
  planWechatLogin,
  qrConnectUrl,
  wxLoginOptions,
} from "../../../../src/features/auth/wechatLogin";
import {
  OAUTH_MAX_AGE_MS,
  OAUTH_STORAGE_KEY,
  rememberOAuth,
  takeOAuth,
} from "../../../../src/features/auth/oauthState";
import { makeConfig } from "../../../support/ui/fakeApi";

const DESKTOP =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36";
const IPAD =
  "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/604.1";
const ANDROID_WECHAT = `${ANDROID} MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN`;

const wechat = {
  ...makeConfig().wechat!,
  emulator: false,
  redirectUrl: "https://fuyuan.example/callback",
  qrConnectUrl: "https://open.weixin.qq.com/connect/qrconnect",
  authorizeUrl: "https://open.weixin.qq.com/connect/oauth2/authorize",
};

it.each([
  [DESKTOP, false, "qr"],
  [DESKTOP, true, "emulator"],
  [ANDROID, false, "outsideWechat"],
  [IPAD, true, "outsideWechat"],
  [ANDROID_WECHAT, false, "inApp"],
  [ANDROID_WECHAT, true, "inApp"],
])("%s (emulator %s) → %s", (ua, emulator, plan) => {
  expect(planWechatLogin({ emulator }, ua)).toBe(plan);
});

it("adds the login type to the redirect URL, keeping what it had", () => {
  expect(callbackUrl("https://fuyuan.example/callback", 1)).toBe(
    "https://fuyuan.example/callback?type=1",
  );
  expect(callbackUrl("https://fuyuan.example/callback?x=1&type=9", 2)).toBe(
    "https://fuyuan.example/callback?x=1&type=2",
  );
});

it("builds WeChat's QR-connect and in-app authorize URLs", () => {
  expect(qrConnectUrl(wechat, "abc123")).toBe(
    "https://open.weixin.qq.com/connect/qrconnect?appid=wx_open_app&redirect_uri=https%3A%2F%2Ffuyuan.example%2Fcallback%3Ftype%3D1&response_type=code&scope=snsapi_login&state=abc123",
  );
  expect(authorizeUrl(wechat, "abc123")).toBe(
    "https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx_mp_app&redirect_uri=https%3A%2F%2Ffuyuan.example%2Fcallback%3Ftype%3D2&response_type=code&scope=snsapi_userinfo&state=abc123#wechat_redirect",
  );
});

it("gives the QR widget an encoded redirect URL, the state and a data: stylesheet", () => {
  const options = wxLoginOptions(wechat, "s1", "box", true);
  expect(options).toMatchObject({
    self_redirect: false,
    id: "box",
    appid: "wx_open_app",
    scope: "snsapi_login",
    redirect_uri: "https%3A%2F%2Ffuyuan.example%2Fcallback%3Ftype%3D1",
    state: "s1",
    style: "white",
  });
  expect(atob(options.href.replace("data:text/css;base64,", ""))).toContain(
    ".impowerBox .qrcode",
  );
});

describe("the pending login", () => {
  afterEach(() => {
    sessionStorage.clear();
  });

  it("is taken once", () => {
    rememberOAuth({ state: "s", type: 2, redirect: "/my" }, 1000);
    expect(takeOAuth(2000)).toEqual({
      state: "s",
      type: 2,
      redirect: "/my",
      createdAt: 1000,
    });
    expect(takeOAuth(2000)).toBeUndefined();
  });

  it("is void after ten minutes", () => {
    rememberOAuth({ state: "s", type: 1, redirect: undefined }, 0);
    expect(takeOAuth(OAUTH_MAX_AGE_MS + 1)).toBeUndefined();
  });

  it("drops an unsafe redirect and rejects malformed entries", () => {
    rememberOAuth({ state: "s", type: 1, redirect: "//evil.example" }, 0);
    expect(takeOAuth(1)?.redirect).toBeUndefined();
    sessionStorage.setItem(
      OAUTH_STORAGE_KEY,
      '{"state":"s","type":3,"createdAt":0}',
    );
    expect(takeOAuth(1)).toBeUndefined();
    sessionStorage.setItem(OAUTH_STORAGE_KEY, "nope");
    expect(takeOAuth(1)).toBeUndefined();
  });
});
