// /callback: a WeChat return with the remembered state signs in and goes to the saved redirect;
// a state mismatch (or no remembered login) is refused without calling the server; a refused
// code shows the server's message with a way back to /login; source=order goes through the
// registered handler seam, and an unknown source is an error.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { requestWechatState } from "../../../../src/api/accounts";
import { registerCallbackSource } from "../../../../src/features/auth/callbackSources";
import { parseCallbackParams } from "../../../../src/features/auth/callbackParams";
import {
  OAUTH_STORAGE_KEY,
  rememberOAuth,
} from "../../../../src/features/auth/oauthState";
import { session } from "../../../../src/state/session";
import { installFakeApi, type FakeApi } from "../../../support/ui/fakeApi";
import { renderApp, resetApp } from "../../../support/ui/renderApp";

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
});
afterEach(resetApp);

async function pendingLogin(
  redirect: string | undefined,
  type: 1 | 2 = 1,
): Promise<string> {
  const { state } = await requestWechatState(type);
  rememberOAuth({ state, type, redirect });
  return state;
}

it("exchanges the code, loads the user and goes to the remembered redirect", async () => {
  const state = await pendingLogin("/en/my");
  const { router } = renderApp(`/callback?type=1&code=wx-ok&state=${state}`);
  await waitFor(() => {
    expect(router.state.location.pathname).toBe("/en/my");
  });
  expect(api.accounts.callsTo("oapi/v1/wxLogin")[0]?.body).toEqual({
    code: "wx-ok",
    state,
    type: 1,
  });
  expect(session.user?.userId).toBe(42);
  expect(sessionStorage.getItem(OAUTH_STORAGE_KEY)).toBeNull();
  expect(
    await screen.findByRole("heading", { name: "善信小林" }),
  ).toBeDefined();
});

it("shows progress while the code is exchanged, then goes home without a redirect", async () => {
  const state = await pendingLogin(undefined, 2);
  const { router } = renderApp(
    `/callback?type=2&code=wx-ok-home&state=${state}`,
  );
  expect(
    await screen.findByRole("heading", { name: "正在登录" }),
  ).toBeDefined();
  await waitFor(() => {
    expect(router.state.location.pathname).toBe("/");
  });
  expect(api.accounts.callsTo("oapi/v1/wxLogin")[0]?.body).toMatchObject({
    type: 2,
  });
});

it("refuses a state that does not match the remembered one, without calling the server", async () => {
  await pendingLogin("/my");
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  renderApp("/callback?type=1&code=wx-ok-forged&state=forged");
  expect(
    await screen.findByRole("heading", { name: "登录未完成" }),
  ).toBeDefined();
  expect(
    screen
      .getByText("登录校验失败（状态不匹配或已过期），请重新发起微信登录。")
      .getAttribute("role"),
  ).toBe("alert");
  expect(api.accounts.callsTo("oapi/v1/wxLogin")).toHaveLength(0);
  expect(session.isLoggedIn).toBe(false);
  const back = screen.getByRole("link", { name: "返回登录" });
  expect(back.getAttribute("href")).toBe("/login?redirect=%2Fmy");
});

it("refuses a return when this tab started no login, and a type that differs", async () => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  renderApp("/callback?type=1&code=wx-ok-unstarted&state=st1xyz");
  expect(
    await screen.findByRole("heading", { name: "登录未完成" }),
  ).toBeDefined();
  resetApp();
  api = installFakeApi();
  const state = await pendingLogin(undefined, 1);
  renderApp(`/callback?type=2&code=wx-ok-type&state=${state}`);
  expect(
    await screen.findByRole("heading", { name: "登录未完成" }),
  ).toBeDefined();
  expect(api.accounts.callsTo("oapi/v1/wxLogin")).toHaveLength(0);
});

it("shows the server's message when WeChat login fails, with a way back to /login", async () => {
  const state = await pendingLogin("/my");
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  const { router } = renderApp(
    `/en/callback?type=1&code=wx-expired&state=${state}`,
  );
  expect(
    await screen.findByRole("heading", { name: "Sign-in not completed" }),
  ).toBeDefined();
  expect(
    screen
      .getByText(
        "The WeChat authorization is no longer valid. Please sign in again.",
      )
      .getAttribute("role"),
  ).toBe("alert");
  expect(document.activeElement).toBe(
    screen.getByRole("heading", { name: "Sign-in not completed" }),
  );
  fireEvent.click(screen.getByRole("link", { name: "Back to sign-in" }));
  await waitFor(() => {
    expect(router.state.location.pathname).toBe("/en/login");
  });
  expect(router.state.location.search).toEqual({ redirect: "/my" });
});

it("a return without a code (WeChat authorisation declined) is an error", async () => {
  await pendingLogin(undefined);
  renderApp("/callback?type=1&state=st1declined");
  expect(await screen.findByText("微信未完成授权，登录已取消。")).toBeDefined();
  expect(api.accounts.callsTo("oapi/v1/wxLogin")).toHaveLength(0);
});

it("an unregistered source is shown as an error", async () => {
  renderApp(
    "/callback?type=2&source=gift&masterId=5&masterOrderNo=M5&id=9&code=c1&state=s1",
  );
  expect(await screen.findByText("无法处理的回调来源：gift")).toBeDefined();
  expect(api.accounts.calls).toHaveLength(0);
});

it("a registered source handler receives the order parameters and decides where to go", async () => {
  const handler = vi.fn(() =>
    Promise.resolve({ status: "done" as const, redirect: "/templeStyle" }),
  );
  const unregister = registerCallbackSource("order", handler);
  const { router } = renderApp(
    "/callback?type=2&source=order&masterId=5&masterOrderNo=M0005&id=9&code=c2&state=s2",
  );
  await waitFor(() => {
    expect(router.state.location.pathname).toBe("/templeStyle");
  });
  expect(handler).toHaveBeenCalledTimes(1);
  expect(handler).toHaveBeenCalledWith(
    expect.objectContaining({
      source: "order",
      masterId: "5",
      masterOrderNo: "M0005",
      id: "9",
      code: "c2",
      state: "s2",
    }),
  );
  unregister();
});

it("reads the raw query, so digit-only codes and states arrive exactly as sent", () => {
  expect(parseCallbackParams("?code=00123&state=1e5&type=1")).toMatchObject({
    code: "00123",
    state: "1e5",
    type: "1",
    source: undefined,
  });
});
