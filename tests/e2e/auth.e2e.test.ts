// Sign-in in Chromium against the real server (built PWA): phone code from the dev outbox, reload,
// a second tab following the login, WeChat through the emulator on a desktop viewport, logout
// clearing both tabs after ~1 s, and expired tokens (ACCESS_TOKEN_TTL_SECONDS=5) refreshed silently.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page, Response } from "playwright-core";
import {
  startServerProcess,
  type ServerProcess,
} from "../support/e2e/serverProcess";
import {
  DESKTOP,
  launchBrowser,
  MOBILE,
  watchErrors,
} from "../support/e2e/browser";
import { signInWithPhone, stored } from "../support/e2e/accounts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** Console errors that are not the app's: Chromium logs every 4xx response it sees. */
function appErrors(errors: string[]): string[] {
  return errors.filter((e) => !e.includes("Failed to load resource"));
}

async function profileShown(page: Page): Promise<void> {
  await page.getByRole("heading", { level: 1, name: "我的" }).waitFor();
  await page.locator(".profile-name").waitFor();
}

describe("with the default token life", () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess();
  });

  afterAll(async () => {
    await server.stop();
  });

  it("phone login, reload, a second tab following, logout clearing both tabs after ~1 s", async () => {
    const context = await browser.newContext({
      ...MOBILE,
      baseURL: server.baseUrl,
    });
    const tab1 = await context.newPage();
    const tab2 = await context.newPage();
    const errors = [...[tab1, tab2].map(watchErrors)];

    // Both tabs ask for /my and land on the login page, remembering where to go.
    await tab1.goto("/my");
    await tab1.waitForURL("**/login?redirect=%2Fmy");
    await tab2.goto("/my");
    await tab2.waitForURL("**/login?redirect=%2Fmy");

    await signInWithPhone(tab1, server.baseUrl, "13800138000");
    await tab1.waitForURL("**/my");
    await profileShown(tab1);
    const phoneShown = await tab1
      .locator(".profile-facts dd")
      .first()
      .textContent();
    expect(phoneShown).toBe("138****8000");
    const access = await stored(tab1, "fy_access_token");
    expect(access).toBeTruthy();
    expect(await stored(tab1, "fy_refresh_token")).toBeTruthy();
    expect(await stored(tab1, "fy_im_uid")).toBeTruthy();
    expect(await stored(tab1, "fy_im_token")).toBeTruthy();

    // The second tab follows the login by itself (BroadcastChannel), well within a second or two.
    const followed = Date.now();
    await tab2.waitForURL("**/my", { timeout: 5000 });
    await profileShown(tab2);
    expect(Date.now() - followed).toBeLessThan(5000);

    // A reload restores the session from storage.
    await tab1.reload();
    await profileShown(tab1);
    expect(new URL(tab1.url()).pathname).toBe("/my");

    // Logout: cleared after about one second, in both tabs; the server revoked the token.
    const clicked = Date.now();
    await tab1.getByRole("button", { name: "退出登录", exact: true }).click();
    await tab1.getByText("正在退出登录…").waitFor();
    await tab1.waitForFunction(
      () => localStorage.getItem("fy_access_token") === null,
      undefined,
      {
        timeout: 4000,
        polling: 50,
      },
    );
    const clearedAfter = Date.now() - clicked;
    expect(clearedAfter).toBeGreaterThanOrEqual(1000);
    // NOTE: the lower bound is the rule (the 1000 ms delay); the upper one only proves it is not stuck,
    // with room for a busy 2-core CI machine.
    expect(clearedAfter).toBeLessThan(8000);
    await tab1.waitForURL("**/login**", { timeout: 5000 });
    await tab2.waitForURL("**/login**", { timeout: 5000 });
    await tab2.getByRole("heading", { level: 1, name: "登录" }).waitFor();
    expect(await stored(tab2, "fy_refresh_token")).toBeNull();

    const info = await fetch(`${server.baseUrl}/api/app/user/v1/info`, {
      headers: { Authorization: `Bearer ${access}` },
    });
    expect(info.status).toBe(401);
    for (const list of errors) expect(appErrors(list)).toEqual([]);
    await context.close();
  });

  it("the server's own message for a wrong code comes in the UI language", async () => {
    const context = await browser.newContext({
      ...MOBILE,
      baseURL: server.baseUrl,
    });
    const page = await context.newPage();
    await page.goto("/en/login");
    const panel = page.getByRole("tabpanel", { name: "Phone" });
    await panel.getByLabel("Phone number", { exact: true }).fill("13600136000");
    await panel.getByRole("button", { name: "Get code" }).click();
    await panel.getByRole("button", { name: /^Resend in \d+ s$/ }).waitFor();
    await panel.getByLabel("Code", { exact: true }).fill("000000");
    const answered = page.waitForResponse((r) =>
      r.url().endsWith("/oapi/v1/phoneLogin"),
    );
    await panel.getByRole("button", { name: "Sign in", exact: true }).click();
    const response = await answered;
    expect(response.request().headers()["accept-language"]).toBe("en");
    const { msg } = (await response.json()) as { msg: string };
    const alert = panel.getByRole("alert").locator(".form-error");
    await alert.waitFor();
    expect(await alert.textContent()).toBe(msg);
    expect(msg).toMatch(/^[\x20-\x7e]+$/);
    expect(new URL(page.url()).pathname).toBe("/en/login");
    await context.close();
  });

  it("WeChat login through the emulator on a desktop viewport", async () => {
    const context = await browser.newContext({
      ...DESKTOP,
      baseURL: server.baseUrl,
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto("/login?redirect=%2Fmy");
    await page.getByRole("button", { name: "微信扫码登录" }).click();

    await page.waitForURL("**/dev/wechat/authorize?**");
    const authorize = new URL(page.url());
    expect(authorize.searchParams.get("scope")).toBe("snsapi_login");
    expect(authorize.searchParams.get("response_type")).toBe("code");
    expect(authorize.searchParams.get("redirect_uri")).toBe(
      `${server.baseUrl}/callback?type=1`,
    );
    const state = authorize.searchParams.get("state");
    expect(state).toMatch(/^[0-9a-z]{20,}$/);

    const card = page.locator("li.card").first();
    const nickname = (
      await card
        .locator(".who")
        .evaluate((el) => el.firstChild?.textContent ?? "")
    ).trim();
    await card.getByRole("button", { name: "Sign in" }).click();

    await page.waitForURL("**/my", { timeout: 10_000 });
    await profileShown(page);
    expect(await page.locator(".profile-name").textContent()).toBe(nickname);
    expect(
      await page.evaluate(() => sessionStorage.getItem("fy_oauth")),
    ).toBeNull();
    expect(await stored(page, "fy_access_token")).toBeTruthy();
    expect(appErrors(errors)).toEqual([]);
    await context.close();
  });

  it("a forged state on the callback is refused without a server call", async () => {
    const context = await browser.newContext({
      ...DESKTOP,
      baseURL: server.baseUrl,
    });
    const page = await context.newPage();
    const calls: string[] = [];
    page.on("request", (request) =>
      calls.push(new URL(request.url()).pathname),
    );
    await page.goto(
      "/callback?type=1&code=anything&state=forgedstate0000000000000",
    );
    await page.getByRole("heading", { name: "登录未完成" }).waitFor();
    expect(calls).not.toContain("/api/app/oapi/v1/wxLogin");
    await page.getByRole("link", { name: "返回登录" }).click();
    await page.waitForURL("**/login**");
    await context.close();
  });
});

// NOTE: 5 s, not 3: on a busy 2-core CI machine a 3 s token could lapse between the silent refresh
// and the retried call, which tests the machine, not the client.
describe("with a 5-second access token", () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess({ ACCESS_TOKEN_TTL_SECONDS: "5" });
  });

  afterAll(async () => {
    await server.stop();
  });

  // NOTE: this test used to fail on loaded CI machines (a non-200 refresh; a profile not shown
  // after the session was revoked): a tab granted the refresh lock could still read the spent
  // refresh token in localStorage. The hand-off now goes through IndexedDB (refreshLedger.ts), so
  // it runs without retries: a failure here is that race back.
  it("open tabs refresh before expiry without spending a token twice, and an expired token is refreshed silently on a 401", async () => {
    const context = await browser.newContext({
      ...MOBILE,
      baseURL: server.baseUrl,
    });
    let page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto("/login?redirect=%2Fmy");
    await signInWithPhone(page, server.baseUrl, "13700137000");
    await page.waitForURL("**/my");
    await profileShown(page);
    const first = await stored(page, "fy_access_token");
    const other = await context.newPage();
    const otherErrors = watchErrors(other);
    await other.goto("/my");
    await profileShown(other);

    // Two tabs kept open past two token lives: each expiry arms a refresh in both, yet only one
    // rotates (the other adopts its tokens), so the refresh family is never revoked.
    const refreshes: number[] = [];
    for (const tab of [page, other])
      tab.on("response", (response: Response) => {
        if (response.url().endsWith("/oapi/v1/refreshToken"))
          refreshes.push(response.status());
      });
    await page.waitForTimeout(11_000);
    expect(refreshes.length).toBeGreaterThanOrEqual(2);
    expect(refreshes.filter((status) => status !== 200)).toEqual([]);
    const rotated = await stored(page, "fy_access_token");
    expect(rotated).not.toBe(first);
    await page.getByRole("link", { name: "首页", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("link", { name: "我的", exact: true }).click();
    await profileShown(page);
    for (const tab of [page, other]) {
      await tab.reload();
      await profileShown(tab);
      expect(new URL(tab.url()).pathname).toBe("/my");
    }
    expect(appErrors(otherErrors)).toEqual([]);
    await other.close();

    // The page goes away, its token expires, and the client has no expiry on record: the next
    // start gets a 401 from user/v1/info, refreshes once and retries, all without leaving /my.
    await page.evaluate(() => {
      localStorage.removeItem("fy_access_expires_at");
    });
    await page.close();
    await new Promise((r) => setTimeout(r, 6000));
    page = await context.newPage();
    const restartErrors = watchErrors(page);
    const trail: string[] = [];
    page.on("response", (response: Response) => {
      const path = new URL(response.url()).pathname;
      if (
        path.startsWith("/api/app/user/v1/info") ||
        path.startsWith("/api/app/oapi/v1/refreshToken")
      )
        trail.push(`${path.replace("/api/app/", "")} ${response.status()}`);
    });
    const navigations: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame())
        navigations.push(new URL(frame.url()).pathname);
    });
    await page.goto("/my");
    await profileShown(page).catch((error: unknown) => {
      throw new Error(
        `no profile at ${page.url()} after ${trail.join(", ")}: ${String(error)}`,
      );
    });
    expect(trail.slice(0, 3)).toEqual([
      "user/v1/info 401",
      "oapi/v1/refreshToken 200",
      "user/v1/info 200",
    ]);
    expect(navigations.every((path) => path === "/my")).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/my");
    expect(appErrors(errors)).toEqual([]);
    expect(appErrors(restartErrors)).toEqual([]);
    await context.close();
  });
});
