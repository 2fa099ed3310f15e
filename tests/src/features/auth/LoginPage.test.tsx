// /login against the stubbed accounts API: methods hidden by the runtime config, sending a code
// and its 60 s countdown, field errors tied to their inputs, the server's message for a wrong
// code, a successful login leaving for ?redirect=, and the WeChat flows (desktop emulator
// redirect with a server state, phone outside WeChat, inside WeChat, the desktop QR widget).
import {
  act,
  fireEvent,
  screen,
  waitFor,
  within,
} from "@testing-library/react";
import { pageExit } from "../../../../src/lib/pageExit";
import { OAUTH_STORAGE_KEY } from "../../../../src/features/auth/oauthState";
import {
  resetWxLoginLoader,
  WX_LOGIN_SCRIPT_URL,
} from "../../../../src/features/auth/loadWxLogin";
import type { WxLoginOptions } from "../../../../src/features/auth/wxLoginTypes";
import { session } from "../../../../src/state/session";
import { installFakeApi, makeConfig, type FakeApi } from "../../../support/ui/fakeApi";
import { VALID_CODE } from "../../../support/ui/fakeAccounts";
import { renderApp, resetApp, signIn } from "../../../support/ui/renderApp";

const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const IPHONE_WECHAT = `${IPHONE_SAFARI} MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN`;

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
});
afterEach(() => {
  resetApp();
  delete window.WxLogin;
  resetWxLoginLoader();
  document.head.querySelectorAll("script").forEach((script) => {
    script.remove();
  });
});

async function openLogin(path = "/login") {
  const view = renderApp(path);
  await screen.findByRole("heading", { level: 1, name: /^(登录|Sign in)$/ });
  return view;
}

function phonePanel(): HTMLElement {
  return screen.getByRole("tabpanel", { name: "手机号登录" });
}

describe("methods", () => {
  it("offers phone, e-mail and WeChat when all are enabled", async () => {
    await openLogin();
    expect(
      screen.getByRole("tab", { name: "手机号登录", selected: true }),
    ).toBeDefined();
    expect(
      screen.getByRole("tab", { name: "邮箱登录", selected: false }),
    ).toBeDefined();
    expect(screen.getByRole("button", { name: "微信扫码登录" })).toBeDefined();
    expect(within(phonePanel()).getByText("+86")).toBeDefined();
  });

  it("hides the methods the runtime config disables", async () => {
    api.config = makeConfig({
      login: { phone: true, email: false, wechat: false },
    });
    await openLogin();
    expect(screen.queryByRole("tab")).toBeNull();
    expect(screen.getByLabelText("手机号")).toBeDefined();
    expect(screen.queryByLabelText("邮箱")).toBeNull();
    expect(screen.queryByRole("button", { name: /微信/ })).toBeNull();
  });

  it("shows only WeChat when the code methods are off, and nothing when WeChat is null", async () => {
    api.config = makeConfig({
      login: { phone: false, email: false, wechat: true },
    });
    await openLogin();
    expect(screen.queryByLabelText("手机号")).toBeNull();
    expect(screen.getByRole("button", { name: "微信扫码登录" })).toBeDefined();
    resetApp();
    api = installFakeApi();
    api.config = makeConfig({
      login: { phone: false, email: false, wechat: true },
      wechat: null,
    });
    await openLogin();
    expect(
      screen.getByText("暂时无法登录：没有开放的登录方式。"),
    ).toBeDefined();
  });

  it("switches tabs with the arrow keys", async () => {
    await openLogin();
    const phoneTab = screen.getByRole("tab", { name: "手机号登录" });
    phoneTab.focus();
    fireEvent.keyDown(phoneTab, { key: "ArrowRight" });
    const emailTab = screen.getByRole("tab", { name: "邮箱登录" });
    expect(emailTab.getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(emailTab);
    expect(screen.getByRole("tabpanel", { name: "邮箱登录" })).toBeDefined();
  });
});

describe("phone code", () => {
  it("sends the code (area code 86) and counts 60 s down before a resend", async () => {
    await openLogin();
    const panel = phonePanel();
    fireEvent.change(within(panel).getByLabelText("手机号"), {
      target: { value: "138 0013 8000" },
    });
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    fireEvent.click(within(panel).getByRole("button", { name: "获取验证码" }));
    const counting = await within(panel).findByRole("button", {
      name: "60 秒后重发",
    });
    expect((counting as HTMLButtonElement).disabled).toBe(true);
    expect(api.accounts.callsTo("oapi/v1/msg")[0]?.body).toEqual({
      phone: "13800138000",
      areaCode: "86",
    });
    expect(await screen.findByText("验证码已发送")).toBeDefined();
    expect(document.activeElement).toBe(within(panel).getByLabelText("验证码"));

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(
      within(panel).getByRole("button", { name: "59 秒后重发" }),
    ).toBeDefined();
    act(() => {
      vi.advanceTimersByTime(59_000);
    });
    const resend = within(panel).getByRole("button", { name: "重新获取" });
    expect((resend as HTMLButtonElement).disabled).toBe(false);
  });

  it("checks the number before sending: the error is tied to the input and focused", async () => {
    await openLogin();
    const panel = phonePanel();
    const input = within(panel).getByLabelText("手机号");
    fireEvent.change(input, { target: { value: "12345" } });
    fireEvent.click(within(panel).getByRole("button", { name: "获取验证码" }));
    const error = await within(panel).findByText("请输入正确的 11 位手机号");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")?.split(" ")).toContain(
      error.id,
    );
    expect(document.activeElement).toBe(input);
    expect(api.accounts.callsTo("oapi/v1/msg")).toHaveLength(0);
  });

  it("a wrong code shows the server's message (in the UI language) and keeps the user here", async () => {
    const { router } = await openLogin("/en/login");
    const panel = screen.getByRole("tabpanel", { name: "Phone" });
    fireEvent.change(within(panel).getByLabelText("Phone number"), {
      target: { value: "13800138000" },
    });
    fireEvent.change(within(panel).getByLabelText("Code"), {
      target: { value: "111111" },
    });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    fireEvent.click(within(panel).getByRole("button", { name: "Sign in" }));
    const alert = await within(panel).findByText("The code is incorrect.");
    expect(alert.closest("[role=alert]")).not.toBeNull();
    const codeInput = within(panel).getByLabelText("Code");
    expect(codeInput.getAttribute("aria-describedby")).toContain(
      alert.closest("[role=alert]")!.id,
    );
    expect(document.activeElement).toBe(codeInput);
    expect(
      api.accounts
        .callsTo("oapi/v1/phoneLogin")[0]
        ?.headers.get("Accept-Language"),
    ).toBe("en");
    expect(session.isLoggedIn).toBe(false);
    expect(router.state.location.pathname).toBe("/en/login");
  });

  it("a network failure falls back to the translated 'login failed'", async () => {
    await openLogin();
    api.fail("oapi/v1/phoneLogin", 502, 502);
    const panel = phonePanel();
    fireEvent.change(within(panel).getByLabelText("手机号"), {
      target: { value: "13800138000" },
    });
    fireEvent.change(within(panel).getByLabelText("验证码"), {
      target: { value: "123456" },
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    fireEvent.click(within(panel).getByRole("button", { name: "登录" }));
    expect(await within(panel).findByText("登录失败")).toBeDefined();
  });

  it("a good code signs in, loads the user and goes to ?redirect=", async () => {
    const { router } = await openLogin("/login?redirect=%2Fmy");
    const panel = phonePanel();
    fireEvent.change(within(panel).getByLabelText("手机号"), {
      target: { value: "13800138000" },
    });
    fireEvent.change(within(panel).getByLabelText("验证码"), {
      target: { value: VALID_CODE },
    });
    fireEvent.click(within(panel).getByRole("button", { name: "登录" }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/my");
    });
    expect(
      await screen.findByRole("heading", { name: "善信小林" }),
    ).toBeDefined();
    expect(api.accounts.callsTo("oapi/v1/phoneLogin")[0]?.body).toEqual({
      account: "13800138000",
      code: VALID_CODE,
      areaCode: "86",
    });
    expect(localStorage.getItem("fy_access_token")).toBe(session.accessToken);
  });
});

describe("e-mail code", () => {
  it("sends the code to the address and signs in without an area code", async () => {
    const { router } = await openLogin();
    fireEvent.click(screen.getByRole("tab", { name: "邮箱登录" }));
    const panel = screen.getByRole("tabpanel", { name: "邮箱登录" });
    fireEvent.change(within(panel).getByLabelText("邮箱"), {
      target: { value: " me@fuyuan.local " },
    });
    fireEvent.click(within(panel).getByRole("button", { name: "获取验证码" }));
    expect(
      await within(panel).findByRole("button", { name: "60 秒后重发" }),
    ).toBeDefined();
    expect(
      api.urls
        .find((url) => url.pathname.endsWith("/sendEmailCode"))
        ?.searchParams.get("email"),
    ).toBe("me@fuyuan.local");
    fireEvent.change(within(panel).getByLabelText("验证码"), {
      target: { value: VALID_CODE },
    });
    fireEvent.click(within(panel).getByRole("button", { name: "登录" }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/");
    });
    expect(api.accounts.callsTo("oapi/v1/phoneLogin")[0]?.body).toEqual({
      account: "me@fuyuan.local",
      code: VALID_CODE,
    });
  });

  it("an empty form names both fields and focuses the first", async () => {
    await openLogin();
    fireEvent.click(screen.getByRole("tab", { name: "邮箱登录" }));
    const panel = screen.getByRole("tabpanel", { name: "邮箱登录" });
    fireEvent.click(within(panel).getByRole("button", { name: "登录" }));
    expect(await within(panel).findByText("请输入邮箱地址")).toBeDefined();
    expect(within(panel).getByText("请输入验证码")).toBeDefined();
    expect(document.activeElement).toBe(within(panel).getByLabelText("邮箱"));
  });
});

describe("WeChat", () => {
  it("desktop with the emulator: navigates to the authorize page with a server-issued state", async () => {
    const assign = vi
      .spyOn(pageExit, "assign")
      .mockImplementation(() => undefined);
    await openLogin("/login?redirect=%2Fmy");
    fireEvent.click(screen.getByRole("button", { name: "微信扫码登录" }));
    await waitFor(() => {
      expect(assign).toHaveBeenCalledTimes(1);
    });
    expect(api.accounts.callsTo("oapi/v1/wxState")[0]?.body).toEqual({
      type: 1,
    });
    const url = new URL(assign.mock.calls[0]![0]);
    expect(`${url.origin}${url.pathname}`).toBe(
      "http://localhost:3000/dev/wechat/authorize",
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: "wx_open_app",
      redirect_uri: "http://localhost:3000/callback?type=1",
      response_type: "code",
      scope: "snsapi_login",
      state: "st1xyz",
    });
    expect(
      JSON.parse(sessionStorage.getItem(OAUTH_STORAGE_KEY)!),
    ).toMatchObject({
      state: "st1xyz",
      type: 1,
      redirect: "/my",
    });
  });

  it("a phone outside WeChat gets an alert and the flow stops", async () => {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue(IPHONE_SAFARI);
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    const assign = vi
      .spyOn(pageExit, "assign")
      .mockImplementation(() => undefined);
    await openLogin();
    fireEvent.click(screen.getByRole("button", { name: "微信登录" }));
    expect(alert).toHaveBeenCalledWith("请在微信中打开此页面进行登录");
    expect(api.accounts.callsTo("oapi/v1/wxState")).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it("the alert is translated", async () => {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue(IPHONE_SAFARI);
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    await openLogin("/en/login");
    fireEvent.click(
      screen.getByRole("button", { name: "Sign in with WeChat" }),
    );
    expect(alert).toHaveBeenCalledWith(
      "Please open this page in WeChat to sign in with WeChat.",
    );
  });

  it("inside WeChat: the official-account authorize URL with snsapi_userinfo, type 2 and #wechat_redirect", async () => {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue(IPHONE_WECHAT);
    const assign = vi
      .spyOn(pageExit, "assign")
      .mockImplementation(() => undefined);
    await openLogin();
    fireEvent.click(screen.getByRole("button", { name: "微信登录" }));
    await waitFor(() => {
      expect(assign).toHaveBeenCalledTimes(1);
    });
    const href = assign.mock.calls[0]![0];
    expect(href.endsWith("#wechat_redirect")).toBe(true);
    const url = new URL(href);
    expect(url.searchParams.get("appid")).toBe("wx_mp_app");
    expect(url.searchParams.get("scope")).toBe("snsapi_userinfo");
    expect(url.searchParams.get("redirect_uri")).toBe(
      "http://localhost:3000/callback?type=2",
    );
    expect(url.searchParams.get("state")).toBe("st1xyz");
    expect(api.accounts.callsTo("oapi/v1/wxState")[0]?.body).toEqual({
      type: 2,
    });
  });

  it("desktop with real WeChat: loads wxLogin.js once and renders the QR widget", async () => {
    api.config = makeConfig({
      wechat: {
        ...makeConfig().wechat!,
        emulator: false,
        qrConnectUrl: "https://open.weixin.qq.com/connect/qrconnect",
      },
    });
    const constructed: WxLoginOptions[] = [];
    await openLogin();
    fireEvent.click(screen.getByRole("button", { name: "微信扫码登录" }));
    const script = await waitFor(() => {
      const found = document.head.querySelector<HTMLScriptElement>(
        `script[src="${WX_LOGIN_SCRIPT_URL}"]`,
      );
      expect(found).not.toBeNull();
      return found!;
    });
    window.WxLogin = vi.fn(function (options: WxLoginOptions) {
      constructed.push(options);
    });
    script.dispatchEvent(new Event("load"));
    expect(
      await screen.findByRole("heading", { name: "微信扫码登录" }),
    ).toBeDefined();
    await waitFor(() => {
      expect(constructed.length).toBeGreaterThan(0);
    });
    expect(constructed[0]).toMatchObject({
      id: "wx-login-qr",
      appid: "wx_open_app",
      scope: "snsapi_login",
      redirect_uri: encodeURIComponent("http://localhost:3000/callback?type=1"),
      state: "st1xyz",
      self_redirect: false,
    });
    expect(constructed[0]!.href.startsWith("data:text/css;base64,")).toBe(true);
    expect(document.getElementById("wx-login-qr")).not.toBeNull();
    expect(document.head.querySelectorAll("script")).toHaveLength(1);
  });

  it("a failed script load is logged and shown as an error toast", async () => {
    api.config = makeConfig({
      wechat: { ...makeConfig().wechat!, emulator: false },
    });
    const consoleError = vi
      .spyOn(console, "error")
      .mockImplementation(() => undefined);
    await openLogin();
    fireEvent.click(screen.getByRole("button", { name: "微信扫码登录" }));
    const script = await waitFor(() => {
      const found = document.head.querySelector<HTMLScriptElement>("script");
      expect(found).not.toBeNull();
      return found!;
    });
    script.dispatchEvent(new Event("error"));
    expect(
      await screen.findByText("微信登录组件加载失败，请检查网络后重试"),
    ).toBeDefined();
    expect(consoleError).toHaveBeenCalledWith(
      "Failed to load WxLogin script",
      expect.any(Error),
    );
    expect(screen.queryByRole("heading", { name: "微信扫码登录" })).toBeNull();
  });
});

it("a signed-in user visiting /login goes straight to the redirect target", async () => {
  signIn(api);
  const { router } = renderApp("/login?redirect=%2FtempleStyle");
  await waitFor(() => {
    expect(router.state.location.pathname).toBe("/templeStyle");
  });
});
