// The "new message notifications" card: it explains WeChat's browser, missing support and blocked
// notifications, turns push on through the real API client (fetch answered like the server), shows
// an honest error when the browser's push service fails, and turns push off.
import { fireEvent, render, screen } from "@testing-library/react";
import { I18nProvider } from "@lingui/react";
import { i18n } from "@lingui/core";
import { PushCard } from "../../../../src/features/my/PushCard";
import { FakePushBrowser } from "../../../support/ui/pwa/fakePushBrowser";

const KEY =
  "BOrN3ZJpQyV8qWd2Lx4R3G0aQZ-u8b9xkH0l6c7mV2eT1sWq5yXk3zRj9pLd8fN4hG6tY2uI0oP7aS1dF3gH5jK";

let registered: Set<string>;
let requests: string[];

function envelope(data: unknown, code = 0, status = 200): Response {
  return new Response(
    JSON.stringify({ code, data, msg: code === 0 ? "ok" : "error" }),
    {
      status,
      headers: { "content-type": "application/json" },
    },
  );
}

beforeEach(() => {
  registered = new Set();
  requests = [];
  vi.stubGlobal("fetch", (input: string, init?: RequestInit) => {
    const url = new URL(input, "http://localhost");
    requests.push(`${init?.method ?? "GET"} ${url.pathname}`);
    const body =
      typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    const counts = () => ({
      subscriptions: registered.size,
      session: registered.size,
    });
    switch (url.pathname) {
      case "/api/app/push/v1/key":
        return Promise.resolve(envelope({ publicKey: KEY }));
      case "/api/app/push/v1/status":
        return Promise.resolve(
          envelope({
            ...counts(),
            endpoint: registered.has(url.searchParams.get("endpoint") ?? ""),
          }),
        );
      case "/api/app/push/v1/subscribe":
        registered.add(body.endpoint);
        return Promise.resolve(envelope({ ...counts(), endpoint: true }));
      case "/api/app/push/v1/unsubscribe":
        registered.delete(body.endpoint);
        return Promise.resolve(envelope({ ...counts(), endpoint: false }));
      default:
        return Promise.resolve(envelope(null, 404, 404));
    }
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderCard(browser: FakePushBrowser) {
  render(
    <I18nProvider i18n={i18n}>
      <PushCard environment={browser.env()} />
    </I18nProvider>,
  );
  return screen.getByRole("region", { name: "新消息通知" });
}

async function settled(card: HTMLElement, state: string) {
  await vi.waitFor(() => {
    expect(card.dataset.state).toBe(state);
  });
}

it("explains WeChat's browser and missing support, and offers nothing to click", async () => {
  const wechat = new FakePushBrowser();
  wechat.userAgent = "Mozilla/5.0 (Linux; Android 14) MicroMessenger/8.0.49";
  const card = renderCard(wechat);
  await settled(card, "wechat");
  expect(card.textContent).toContain("微信内置浏览器不支持消息通知");
  expect(card.querySelector("button")).toBeNull();
  expect(requests).toEqual([]);
});

it("says how to unblock notifications the browser blocks", async () => {
  const blocked = new FakePushBrowser();
  blocked.permission = "denied";
  const card = renderCard(blocked);
  await settled(card, "denied");
  expect(card.textContent).toContain("请在浏览器的网站设置中允许本站发送通知");
  expect(card.querySelector("button")).toBeNull();
});

it("turns notifications on and off", async () => {
  const browser = new FakePushBrowser();
  const card = renderCard(browser);
  await settled(card, "off");
  fireEvent.click(screen.getByRole("button", { name: "开启" }));
  await settled(card, "on");
  expect(browser.prompts).toBe(1);
  expect([...registered]).toEqual([browser.current!.endpoint]);
  expect(card.textContent).toContain("已开启");

  fireEvent.click(screen.getByRole("button", { name: "关闭" }));
  await settled(card, "off");
  expect(registered.size).toBe(0);
  expect(browser.current).toBeNull();
});

it("shows the push service's failure honestly and stays off", async () => {
  const browser = new FakePushBrowser();
  browser.subscribeError = new DOMException(
    "Registration failed - push service error",
    "AbortError",
  );
  const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  const card = renderCard(browser);
  await settled(card, "off");
  fireEvent.click(screen.getByRole("button", { name: "开启" }));
  expect(await screen.findByRole("alert")).toHaveProperty(
    "textContent",
    "无法连接浏览器的推送服务，请稍后再试。",
  );
  expect(card.dataset.state).toBe("off");
  expect(registered.size).toBe(0);
  warn.mockRestore();
});
