// Web Push in Chromium against the built PWA (injectManifest service worker) and the real server:
// turning notifications on from /my reaches the server, or — where headless Chromium has no push
// service to subscribe with — the card says so honestly and nothing is registered. Then pushes are
// delivered to the real service worker through DevTools (ServiceWorker.deliverPushMessage): one
// notification per conversation, newest body, none while the focused tab shows the conversation,
// closed by a "read" push. Needs a build first (STATIC_DIR or dist/).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, CDPSession, Page } from "playwright-core";
import { launchPersistent, MOBILE, watchErrors } from "../support/e2e/browser";
import {
  startServerProcess,
  type ServerProcess,
} from "../support/e2e/serverProcess";
import { signInWithPhone } from "../support/e2e/accounts";
import { apiAs, DEMO_USER, SERVICE_STAFF } from "../support/e2e/chat";

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
}

let server: ServerProcess;
let persistent: { context: BrowserContext; close: () => Promise<void> };
let page: Page;
let errors: string[];
let cdp: CDPSession;
let registrationId = "";

const messagePush = (seq: number, body: string, unread: number) => ({
  type: "message",
  channelId: SERVICE_STAFF.imId,
  channelType: 1,
  title: SERVICE_STAFF.name,
  body,
  messageSeq: seq,
  tag: `im:1:${SERVICE_STAFF.imId}`,
  unread,
});

async function deliver(payload: unknown): Promise<void> {
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: server.baseUrl,
    registrationId,
    data: JSON.stringify(payload),
  });
}

function shown(): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const list = await registration.getNotifications();
    return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
  });
}

beforeAll(async () => {
  server = await startServerProcess(
    process.env.STATIC_DIR === undefined
      ? {}
      : { STATIC_DIR: process.env.STATIC_DIR },
  );
  persistent = await launchPersistent(MOBILE);
  await persistent.context.grantPermissions(["notifications"], {
    origin: server.baseUrl,
  });
  page = await persistent.context.newPage();
  errors = watchErrors(page);
  await page.goto(`${server.baseUrl}/login?redirect=%2Fmy`);
  await signInWithPhone(page, server.baseUrl, DEMO_USER.phone);
  await page.waitForURL("**/my");
  await page.goto(`${server.baseUrl}/my/settings`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  cdp = await persistent.context.newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => {
      const found = event.registrations.find(
        (r) => r.scopeURL === `${server.baseUrl}/` && !r.isDeleted,
      );
      if (found !== undefined) resolve(found.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  registrationId = await registered;
}, 120_000);

afterAll(async () => {
  await persistent.close();
  await server.stop();
});

describe("Web Push in Chromium", () => {
  it("turns notifications on from /my, or says honestly that the browser's push service is missing", async () => {
    const card = page.getByTestId("push-card");
    await expect
      .poll(() => card.getAttribute("data-state"), { timeout: 20_000 })
      .toBe("off");
    await card.getByRole("button", { name: "开启" }).click();
    await expect
      .poll(
        async () =>
          (await card.getByRole("alert").count()) > 0
            ? "alert"
            : await card.getAttribute("data-state"),
        { timeout: 45_000 },
      )
      .toMatch(/^(on|alert)$/);
    const status = await apiAs<{ subscriptions: number }>(
      page,
      "push/v1/status",
    );
    if ((await card.getAttribute("data-state")) === "on") {
      expect(status.subscriptions).toBe(1);
      const endpoint = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.pushManager.getSubscription())?.endpoint;
      });
      expect(
        (
          await apiAs<{ endpoint: boolean }>(
            page,
            `push/v1/status?endpoint=${encodeURIComponent(endpoint ?? "")}`,
          )
        ).endpoint,
      ).toBe(true);
    } else {
      // NOTE: headless Chromium has no push service here (no FCM): subscribe() fails and the card
      // must say so, with nothing registered on the server.
      expect(await card.getByRole("alert").textContent()).toBe(
        "无法连接浏览器的推送服务，请稍后再试。",
      );
      expect(await card.getAttribute("data-state")).toBe("off");
      expect(status.subscriptions).toBe(0);
    }
  });

  it("shows one notification per conversation, collapsed to the newest, and closes it when read elsewhere", async () => {
    await deliver(messagePush(11, "阿弥陀佛", 1));
    await expect.poll(shown).toEqual([
      {
        title: SERVICE_STAFF.name,
        body: "阿弥陀佛",
        tag: `im:1:${SERVICE_STAFF.imId}`,
      },
    ]);
    await deliver(messagePush(12, "2 条新消息：随喜", 2));
    await expect.poll(shown).toEqual([
      {
        title: SERVICE_STAFF.name,
        body: "2 条新消息：随喜",
        tag: `im:1:${SERVICE_STAFF.imId}`,
      },
    ]);
    // A late, older push never replaces the newer notification.
    await deliver(messagePush(10, "旧消息", 1));
    await deliver({
      type: "read",
      channelId: SERVICE_STAFF.imId,
      channelType: 1,
      tag: `im:1:${SERVICE_STAFF.imId}`,
      readToSeq: 12,
    });
    await expect.poll(shown).toEqual([]);
  });

  it("stays silent while the focused tab shows that conversation", async () => {
    await page.goto(
      `${server.baseUrl}/destiny?chat=${encodeURIComponent(SERVICE_STAFF.imId)}`,
    );
    await page.bringToFront();
    await expect
      .poll(() => page.evaluate(() => document.hasFocus()))
      .toBe(true);
    await deliver(messagePush(20, "正在看", 1));
    // The other conversation's push shows, so the first one had its chance to show too.
    await deliver({
      ...messagePush(3, "别的会话", 1),
      channelId: "someone_else",
      tag: "im:1:someone_else",
      title: "其他人",
    });
    // NOTE: a generous wait: on a loaded CI machine Chromium may first have to start the stopped
    // service worker (failed once at the default 5 s after the whole suite).
    await expect
      .poll(async () => (await shown()).map((n) => n.tag), { timeout: 20_000 })
      .toEqual(["im:1:someone_else"]);
    expect(
      errors.filter(
        (e) =>
          !e.includes("Failed to load resource") &&
          !e.includes("WebSocket connection to"),
      ),
    ).toEqual([]);
  });
});
