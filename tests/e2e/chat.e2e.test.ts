// The messenger in Chromium against the real server (built PWA), once with the SharedWorker and once
// with `?worker=dedicated`: the demo user and the service staff chat both ways with text and images;
// three tabs of one user hold ONE connection to the server, show each other's sends and clear the
// unread badge together; a message written while the IM link is down survives a reload and arrives
// exactly once. Connections are counted where the server sees them: every browser connection passes
// through a loopback proxy in front of the server (tests/support/e2e/imLinkProxy.ts), cross-checked
// with the server's presence API and Chromium's own SharedWorker target list.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  startServerProcess,
  type ServerProcess,
} from "../support/e2e/serverProcess";
import { launchBrowser, watchErrors } from "../support/e2e/browser";
import { startImLinkProxy, type ImLinkProxy } from "../support/e2e/imLinkProxy";
import { solidPng } from "../support/e2e/pngFixture";
import {
  apiAs,
  bubbles,
  conversationRow,
  DEMO_USER,
  inMode,
  SERVICE_STAFF,
  serverSaysOnline,
  serverTexts,
  sharedWorkerTargets,
  signInOnce,
  threadLog,
  userContext,
  waitConnected,
  type WorkerMode,
} from "../support/e2e/chat";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser.close();
});

/** Console errors that are not the app's: Chromium logs failed resource loads and refused sockets. */
function appErrors(errors: string[]): string[] {
  return errors.filter(
    (e) =>
      !e.includes("Failed to load resource") &&
      !e.includes("WebSocket connection to"),
  );
}

describe.each<WorkerMode>(["shared", "dedicated"])(
  "messenger with the %s worker",
  (mode) => {
    let proxy: ImLinkProxy;
    let server: ServerProcess;
    let userState: Awaited<ReturnType<typeof signInOnce>>;
    let staffState: Awaited<ReturnType<typeof signInOnce>>;
    const contexts: BrowserContext[] = [];

    const open = async (
      state: typeof userState,
      path = "/destiny",
    ): Promise<{ context: BrowserContext; page: Page; errors: string[] }> => {
      const context = await userContext(browser, proxy.baseUrl, state);
      contexts.push(context);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(inMode(path, mode));
      return { context, page, errors };
    };

    const closeAll = async () => {
      for (const context of contexts.splice(0)) await context.close();
    };

    beforeAll(async () => {
      proxy = await startImLinkProxy();
      server = await startServerProcess({ PUBLIC_URL: proxy.baseUrl });
      proxy.setUpstream(server.port);
      userState = await signInOnce(
        browser,
        proxy.baseUrl,
        DEMO_USER.phone,
        mode,
      );
      staffState = await signInOnce(
        browser,
        proxy.baseUrl,
        SERVICE_STAFF.phone,
        mode,
      );
    });

    afterAll(async () => {
      await closeAll();
      await server.stop();
      await proxy.close();
    });

    it("the demo user and the service staff chat both ways with text and images", async () => {
      const user = await open(userState);
      const staff = await open(staffState);
      if (mode === "dedicated") {
        expect(
          user.page.workers().some((w) => w.url().includes("messenger.worker")),
        ).toBe(true);
        expect(
          await sharedWorkerTargets(browser, user.context, user.page),
        ).toEqual([]);
      }

      // The user contacts service: getVirtual names the staff account, the thread opens.
      await user.page.getByRole("button", { name: "联系客服" }).first().click();
      await user.page
        .getByRole("heading", { level: 1, name: SERVICE_STAFF.name })
        .waitFor();
      await waitConnected(user.page);
      const box = user.page.getByRole("textbox", {
        name: `给 ${SERVICE_STAFF.name} 发消息`,
      });
      await box.fill("师父您好，想请一盏光明灯");
      await box.press("Enter");
      await bubbles(user.page, "师父您好，想请一盏光明灯").waitFor();
      await expect
        .poll(() =>
          bubbles(user.page, "师父您好，想请一盏光明灯").getAttribute(
            "data-status",
          ),
        )
        .toBe("normal");

      // The staff sees the conversation with its digest and unread badge, opens it, replies.
      const row = conversationRow(staff.page, DEMO_USER.imId);
      await row.waitFor();
      await expect
        .poll(() => row.textContent())
        .toContain("师父您好，想请一盏光明灯");
      await expect
        .poll(() => row.locator(".conv-badge").textContent())
        .toBe("1");
      await row.click();
      await bubbles(staff.page, "师父您好，想请一盏光明灯").waitFor();
      const reply = staff.page.getByRole("textbox", {
        name: `给 ${DEMO_USER.name} 发消息`,
      });
      await reply.fill("好的，已为您安排");
      await reply.press("Enter");
      await bubbles(user.page, "好的，已为您安排").waitFor();
      expect(
        await bubbles(user.page, "好的，已为您安排").getAttribute("class"),
      ).toContain("msg-peer");

      // An image each way: picked with the file input, uploaded, sent, shown on the other side.
      await user.page.getByTestId("composer-file").setInputFiles({
        name: "lamp.png",
        mimeType: "image/png",
        buffer: solidPng(96, 64, [200, 120, 40]),
      });
      const staffImage = staff.page.locator(".thread .msg-peer .msg-image img");
      await staffImage.waitFor({ timeout: 30_000 });
      await expect
        .poll(() =>
          staffImage.evaluate(
            (img: HTMLImageElement) => img.complete && img.naturalWidth,
          ),
        )
        .toBe(96);

      await staff.page.getByTestId("composer-file").setInputFiles({
        name: "reply.png",
        mimeType: "image/png",
        buffer: solidPng(40, 80, [30, 90, 160]),
      });
      const userImage = user.page.locator(".thread .msg-peer .msg-image img");
      await userImage.waitFor({ timeout: 30_000 });
      await expect
        .poll(() =>
          userImage.evaluate(
            (img: HTMLImageElement) => img.complete && img.naturalHeight,
          ),
        )
        .toBe(80);

      // The full-screen viewer opens on a tap and closes with Escape.
      await user.page.getByRole("button", { name: "查看大图" }).last().click();
      await user.page.getByRole("dialog", { name: "图片" }).waitFor();
      await user.page.keyboard.press("Escape");
      await user.page.getByRole("dialog").waitFor({ state: "detached" });

      expect(appErrors(user.errors)).toEqual([]);
      expect(appErrors(staff.errors)).toEqual([]);
      // What the user saw is read on the server too (the worker tells it on its next beat), so the
      // next test's fresh browser starts with nothing unread.
      await expect
        .poll(
          () =>
            apiAs<{ unread: number }>(
              user.page,
              "wuKong/v1/conversations/unreadCount",
            ),
          { timeout: 10_000 },
        )
        .toEqual({ unread: 0 });
      await closeAll();
    });

    it("three tabs of one user share one server connection, each other's sends and the read state", async () => {
      const staff = await open(staffState, `/destiny?chat=${DEMO_USER.imId}`);
      await waitConnected(staff.page);
      const openedBefore = proxy.imConnectionsOpened();
      expect(proxy.liveImConnections()).toBe(1);

      const first = await open(userState);
      const context = first.context;
      await waitConnected(first.page);
      const tabs = [first.page];
      for (let i = 0; i < 2; i++) {
        const tab = await context.newPage();
        await tab.goto(inMode("/destiny", mode));
        tabs.push(tab);
      }
      for (const tab of tabs) {
        await tab.getByRole("heading", { level: 1, name: "消息" }).waitFor();
        await waitConnected(tab);
      }
      // Give late joiners time to open a socket if they (wrongly) would.
      await first.page.waitForTimeout(1500);
      expect(proxy.imConnectionsOpened() - openedBefore).toBe(1);
      expect(proxy.liveImConnections()).toBe(2); // the staff's and the user's single one
      expect(await serverSaysOnline(staff.page, DEMO_USER.imId)).toBe(true);
      if (mode === "shared")
        expect(
          await sharedWorkerTargets(browser, context, first.page),
        ).toHaveLength(1);
      else
        for (const tab of tabs)
          expect(
            tab.workers().some((w) => w.url().includes("messenger.worker")),
          ).toBe(true);

      for (const tab of tabs)
        expect(await tab.locator(".tab-badge").count()).toBe(0);
      // A message from the staff raises the badge in every tab (tab bar and title).
      const staffBox = staff.page.getByRole("textbox", {
        name: `给 ${DEMO_USER.name} 发消息`,
      });
      await staffBox.fill("法会明早八点开始");
      await staffBox.press("Enter");
      for (const tab of tabs) {
        await expect
          .poll(() => tab.locator(".tab-badge").textContent())
          .toBe("1");
        await expect.poll(() => tab.title()).toMatch(/^\(1\) /);
      }

      // Reading in one tab clears it in all three.
      await conversationRow(tabs[1]!, SERVICE_STAFF.imId).click();
      await bubbles(tabs[1]!, "法会明早八点开始").waitFor();
      for (const tab of tabs) {
        await tab.locator(".tab-badge").waitFor({ state: "detached" });
        await expect.poll(() => tab.title()).not.toMatch(/^\(\d+\) /);
      }

      // A message sent from one tab shows in all three (and reaches the staff).
      await conversationRow(tabs[0]!, SERVICE_STAFF.imId).click();
      await conversationRow(tabs[2]!, SERVICE_STAFF.imId).click();
      const box = tabs[0]!.getByRole("textbox", {
        name: `给 ${SERVICE_STAFF.name} 发消息`,
      });
      await box.fill("收到，谢谢");
      await box.press("Enter");
      for (const tab of tabs) await bubbles(tab, "收到，谢谢").waitFor();
      await bubbles(staff.page, "收到，谢谢").waitFor();
      expect(
        await bubbles(tabs[2]!, "收到，谢谢").getAttribute("class"),
      ).toContain("msg-own");
      expect(proxy.imConnectionsOpened() - openedBefore).toBe(1);

      await context.close();
      contexts.splice(contexts.indexOf(context), 1);
      await expect
        .poll(() => serverSaysOnline(staff.page, DEMO_USER.imId), {
          timeout: 10_000,
        })
        .toBe(false);
      await closeAll();
    });

    it("a message written while the IM link is down survives a reload and arrives exactly once", async () => {
      const staff = await open(staffState, `/destiny?chat=${DEMO_USER.imId}`);
      const user = await open(userState, `/destiny?chat=${SERVICE_STAFF.imId}`);
      await waitConnected(staff.page);
      await waitConnected(user.page);

      proxy.cutIm();
      await user.page
        .getByText("连接已断开，正在重新连接…")
        .waitFor({ timeout: 15_000 });
      const text = `断线时写的 ${mode} ${String(Date.now())}`;
      const box = user.page.getByRole("textbox", {
        name: `给 ${SERVICE_STAFF.name} 发消息`,
      });
      await box.fill(text);
      await box.press("Enter");
      const pending = bubbles(user.page, text);
      await expect.poll(() => pending.textContent()).toContain("等待连接…");

      await user.page.reload();
      await threadLog(user.page).waitFor();
      await expect
        .poll(() => bubbles(user.page, text).textContent())
        .toContain("等待连接…");
      expect(await bubbles(user.page, text).getAttribute("data-status")).toBe(
        "wait",
      );

      // The link comes back; a network change hint makes both reconnect at once instead of after backoff.
      proxy.restoreIm();
      for (const { context } of [user, staff]) {
        await context.setOffline(true);
        await context.setOffline(false);
      }
      await expect
        .poll(() => bubbles(user.page, text).getAttribute("data-status"), {
          timeout: 30_000,
        })
        .toBe("normal");
      await bubbles(staff.page, text).waitFor({ timeout: 30_000 });
      await staff.page.waitForTimeout(2000);
      expect(await bubbles(staff.page, text).count()).toBe(1);
      const stored = await serverTexts(
        staff.page,
        SERVICE_STAFF.imId,
        DEMO_USER.imId,
      );
      expect(stored.filter((t) => t === text)).toHaveLength(1);
      await closeAll();
    });
  },
);
