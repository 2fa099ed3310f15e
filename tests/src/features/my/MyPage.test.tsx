// /my: the profile with masked contacts, the bind-phone form (errors tied to inputs, countdown,
// server messages, success refreshing the user), the menu to the sub-pages, language and
// colour-mode switches on /my/settings, logout after one second, and "sign out everywhere" behind
// an inline confirmation.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { session } from "../../../../src/state/session";
import { installFakeApi, type FakeApi } from "../../../support/ui/fakeApi";
import { makeUser, TAKEN_PHONE, VALID_CODE } from "../../../support/ui/fakeAccounts";
import { renderApp, resetApp, signIn } from "../../../support/ui/renderApp";

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
});
afterEach(() => {
  resetApp();
  document.documentElement.dataset.theme = "light";
});

async function openMy(path = "/my") {
  signIn(api);
  const view = renderApp(path);
  await screen.findByRole("heading", {
    level: 2,
    name: api.accounts.user.nickname,
  });
  return view;
}

function bindForm(): HTMLElement {
  return screen.getByRole("region", { name: "绑定手机号" });
}

it("shows the avatar, nickname and masked contacts, and no bind form when a phone is bound", async () => {
  api.accounts.user = makeUser({
    email: "u***@fuyuan.local",
    wechatBound: true,
  });
  await openMy();
  const profile = screen.getByRole("region", { name: "善信小林" });
  expect(within(profile).getByText("138****0001")).toBeDefined();
  expect(within(profile).getByText("u***@fuyuan.local")).toBeDefined();
  expect(within(profile).getByText("已绑定")).toBeDefined();
  expect(profile.querySelector("img")?.getAttribute("src")).toBe(
    "/images/avatars/1.svg",
  );
  expect(screen.queryByRole("region", { name: "绑定手机号" })).toBeNull();
});

describe("binding a phone", () => {
  beforeEach(() => {
    api.accounts.user = makeUser({ phone: null, email: "u***@fuyuan.local" });
  });

  it("an empty submit names both fields, ties the errors to them and focuses the first", async () => {
    await openMy();
    const form = bindForm();
    const profile = screen.getByRole("region", { name: "善信小林" });
    expect(within(profile).getAllByText("未绑定")).toHaveLength(2);
    fireEvent.click(within(form).getByRole("button", { name: "绑定手机号" }));
    const phone = within(form).getByLabelText("手机号");
    const code = within(form).getByLabelText("验证码");
    const phoneError = await within(form).findByText("请输入手机号");
    const codeError = within(form).getByText("请输入验证码");
    expect(phone.getAttribute("aria-describedby")?.split(" ")).toContain(
      phoneError.id,
    );
    expect(code.getAttribute("aria-describedby")?.split(" ")).toContain(
      codeError.id,
    );
    expect(phone.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(phone);
    expect(api.accounts.callsTo("user/v1/bindPhone")).toHaveLength(0);
  });

  it("sends a code with a countdown, then binds and shows the masked number", async () => {
    await openMy();
    const form = bindForm();
    fireEvent.change(within(form).getByLabelText("手机号"), {
      target: { value: "13712345678" },
    });
    fireEvent.click(within(form).getByRole("button", { name: "获取验证码" }));
    expect(
      await within(form).findByRole("button", { name: "60 秒后重发" }),
    ).toBeDefined();
    fireEvent.change(within(form).getByLabelText("验证码"), {
      target: { value: VALID_CODE },
    });
    fireEvent.click(within(form).getByRole("button", { name: "绑定手机号" }));
    expect(await screen.findByText("手机号绑定成功")).toBeDefined();
    await waitFor(() => {
      expect(screen.queryByRole("region", { name: "绑定手机号" })).toBeNull();
    });
    expect(screen.getByText("137****5678")).toBeDefined();
    expect(api.accounts.callsTo("user/v1/bindPhone")[0]?.body).toEqual({
      account: "13712345678",
      code: VALID_CODE,
      areaCode: "86",
      imId: "u_42",
    });
    expect(api.accounts.callsTo("user/v1/info")).toHaveLength(2);
    expect(document.activeElement).toBe(
      screen.getByRole("heading", { level: 1, name: "我的" }),
    );
  });

  it("a number bound to another account shows the server's message", async () => {
    await openMy();
    const form = bindForm();
    fireEvent.change(within(form).getByLabelText("手机号"), {
      target: { value: TAKEN_PHONE },
    });
    fireEvent.change(within(form).getByLabelText("验证码"), {
      target: { value: VALID_CODE },
    });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    fireEvent.click(within(form).getByRole("button", { name: "绑定手机号" }));
    const message = await within(form).findByText("该手机号已绑定其他账号");
    expect(message.closest("[role=alert]")).not.toBeNull();
    expect(session.user?.phone).toBeNull();
  });

  it("a failure without a server message falls back to the translated text", async () => {
    await openMy();
    const form = bindForm();
    fireEvent.change(within(form).getByLabelText("手机号"), {
      target: { value: "13712345678" },
    });
    fireEvent.change(within(form).getByLabelText("验证码"), {
      target: { value: VALID_CODE },
    });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const realFetch = globalThis.fetch;
    vi.stubGlobal(
      "fetch",
      vi.fn((input: string, init?: RequestInit) =>
        input.includes("bindPhone")
          ? Promise.reject(new TypeError("offline"))
          : realFetch(input, init),
      ),
    );
    fireEvent.click(within(form).getByRole("button", { name: "绑定手机号" }));
    expect(
      await within(form).findByText("绑定手机号失败，请稍后再试"),
    ).toBeDefined();
  });
});

it("/my/settings switches the language and the colour mode", async () => {
  signIn(api);
  const { router } = renderApp("/my/settings");
  await screen.findByRole("heading", { level: 1, name: "设置" });
  expect(screen.getByRole("region", { name: "新消息通知" })).toBeDefined();
  expect(screen.getByRole("region", { name: "应用" })).toBeDefined();
  fireEvent.click(screen.getByRole("radio", { name: "English" }));
  await waitFor(() => {
    expect(router.state.location.pathname).toBe("/en/my/settings");
  });
  expect(
    await screen.findByRole("heading", { level: 1, name: "Settings" }),
  ).toBeDefined();
  fireEvent.click(screen.getByRole("radio", { name: "Dark" }));
  expect(document.documentElement.dataset.theme).toBe("dark");
  expect(localStorage.getItem("colorMode")).toBe("dark");
  await waitFor(() => {
    expect(
      screen.getByRole<HTMLInputElement>("radio", { name: "Dark" }).checked,
    ).toBe(true);
  });
});

it("the menu leads to the invitations, the manager application and the settings", async () => {
  await openMy();
  const menu = screen.getByRole("navigation", { name: "更多" });
  const hrefs = within(menu)
    .getAllByRole("link")
    .map((link) => [link.textContent, link.getAttribute("href")]);
  expect(hrefs).toEqual([
    ["邀请好友", "/my/invite"],
    ["共结善缘报名", "/register"],
    ["管理员申请", "/my/manager"],
    ["设置", "/my/settings"],
  ]);
  // The forms moved to their own pages: /my itself is the header, the shortcuts and the menu.
  expect(screen.queryByRole("region", { name: "成为管理员" })).toBeNull();
  expect(screen.queryByRole("region", { name: "语言与外观" })).toBeNull();
  expect(screen.getByTestId("profile-invite-code").textContent).toBe("FY42");
});

it("logout calls the server, says so, and clears after a second, leaving /my", async () => {
  const { router } = await openMy();
  fireEvent.click(screen.getByRole("button", { name: "退出登录" }));
  expect(await screen.findByText("正在退出登录…")).toBeDefined();
  expect(api.accounts.callsTo("user/v1/loginOut")).toHaveLength(1);
  expect(session.isLoggedIn).toBe(true);
  await waitFor(
    () => {
      expect(router.state.location.pathname).toBe("/login");
    },
    { timeout: 2500 },
  );
  expect(session.isLoggedIn).toBe(false);
  expect(localStorage.getItem("fy_access_token")).toBeNull();
});

it("sign out everywhere asks first, then calls user/v1/logoutAll", async () => {
  const { router } = await openMy();
  fireEvent.click(screen.getByRole("button", { name: "退出所有设备" }));
  const confirm = screen.getByRole("button", { name: "确定退出所有设备" });
  expect(document.activeElement).toBe(confirm);
  fireEvent.click(screen.getByRole("button", { name: "取消" }));
  expect(document.activeElement).toBe(
    screen.getByRole("button", { name: "退出所有设备" }),
  );
  expect(api.accounts.callsTo("user/v1/logoutAll")).toHaveLength(0);

  fireEvent.click(screen.getByRole("button", { name: "退出所有设备" }));
  fireEvent.click(screen.getByRole("button", { name: "确定退出所有设备" }));
  await waitFor(
    () => {
      expect(router.state.location.pathname).toBe("/login");
    },
    { timeout: 2500 },
  );
  expect(api.accounts.callsTo("user/v1/logoutAll")).toHaveLength(1);
});
