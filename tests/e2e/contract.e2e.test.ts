// Signing a prayer agreement in the chat, in Chromium against the real server (built PWA): the demo
// user has a paid order (created and paid through the API and the emulator's cashier); the service
// staff opens the chat with them and sends the agreement from the thread; the user opens the card,
// draws a signature with the mouse and submits; both sides then see the signed agreement as an
// image message, and the agreement page shows it signed, with no pad.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  startServerProcess,
  type ServerProcess,
} from "../support/e2e/serverProcess";
import { launchBrowser, watchErrors } from "../support/e2e/browser";
import {
  apiAs,
  DEMO_USER,
  SERVICE_STAFF,
  signInOnce,
  userContext,
  waitConnected,
} from "../support/e2e/chat";

type StorageState = Awaited<ReturnType<typeof signInOnce>>;

let browser: Browser;
let server: ServerProcess;
let userState: StorageState;
let staffState: StorageState;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServerProcess();
  userState = await signInOnce(
    browser,
    server.baseUrl,
    DEMO_USER.phone,
    "shared",
  );
  staffState = await signInOnce(
    browser,
    server.baseUrl,
    SERVICE_STAFF.phone,
    "shared",
  );
});

afterAll(async () => {
  for (const context of contexts.splice(0)) await context.close();
  await server.stop();
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

async function open(
  state: StorageState,
  path: string,
): Promise<{ page: Page; errors: string[] }> {
  const context = await userContext(browser, server.baseUrl, state);
  contexts.push(context);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(path);
  return { page, errors };
}

/** Orders the first demo product as the page's user and pays it in the emulator's cashier. */
async function paidOrder(page: Page): Promise<string> {
  const product = await apiAs<{ options: { id: number }[] }>(
    page,
    "oapi/v1/products/1",
  );
  const order = await apiAs<{ masterOrderNo: string }>(
    page,
    "order/v1/create",
    {
      method: "POST",
      body: {
        productId: 1,
        optionId: product.options[0]!.id,
        quantity: 1,
        beneficiaryName: "张三丰",
        wish: "愿家人平安喜乐",
      },
    },
  );
  const native = await apiAs<{ codeUrl: string }>(page, "pay/v1/native", {
    method: "POST",
    body: { masterOrderNo: order.masterOrderNo },
  });
  const prepayId = new URL(native.codeUrl).searchParams.get("prepay_id") ?? "";
  const approved = await fetch(new URL("/dev/pay/approve", server.baseUrl), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ prepay_id: prepayId, return: "/orders" }),
    redirect: "manual",
  });
  expect(approved.status).toBeLessThan(400);
  await expect
    .poll(
      async () =>
        (
          await apiAs<{ status: string }>(
            page,
            `order/v1/detail?masterOrderNo=${order.masterOrderNo}`,
          )
        ).status,
      { timeout: 15_000 },
    )
    .toBe("paid");
  return order.masterOrderNo;
}

describe("contract signing in the chat", () => {
  // NOTE: two browsers, a payment and an upload; a busy machine needs the room (no assertion on time).
  it(
    "signs a contract in the chat with the mouse and sees the image message on both sides",
    {
      timeout: 180_000,
    },
    async () => {
      const user = await open(userState, `/destiny?chat=${SERVICE_STAFF.imId}`);
      await waitConnected(user.page);
      const masterOrderNo = await paidOrder(user.page);

      // Staff: the thread with the user, "发送协议", the paid order, send.
      const staff = await open(staffState, `/destiny?chat=${DEMO_USER.imId}`);
      await staff.page
        .getByRole("heading", { level: 1, name: DEMO_USER.name })
        .waitFor();
      await waitConnected(staff.page);
      await staff.page.getByRole("button", { name: "发送协议" }).click();
      const picker = staff.page.getByRole("dialog", {
        name: `给 ${DEMO_USER.name} 发送祈福协议`,
      });
      await picker
        .getByRole("button", { name: `发送订单 ${masterOrderNo} 的协议` })
        .click();
      await staff.page.getByText("协议已发送，等待对方签署").waitFor();
      await picker.waitFor({ state: "detached" });

      // User: the card shows up in the open thread; it leads to the agreement page.
      const card = user.page.getByRole("link", {
        name: /祈福协议待签署 · 查看并签署/,
      });
      await card.waitFor({ timeout: 15_000 });
      await card.click();
      await user.page.waitForURL(/\/prayer\/agreement\?id=\d+$/);
      const agreementUrl = new URL(user.page.url());
      await user.page
        .getByRole("heading", { level: 1, name: /^祈福服务协议 · / })
        .waitFor();
      await user.page.getByText(masterOrderNo).first().waitFor();
      const submit = user.page.getByRole("button", { name: "签署并发送" });
      expect(await submit.isDisabled()).toBe(true);

      // Draw with the mouse: down, a zigzag of moves, up.
      const pad = user.page.getByRole("img", { name: "签名区" });
      await pad.scrollIntoViewIfNeeded();
      const box = (await pad.boundingBox())!;
      const at = (fx: number, fy: number) =>
        [box.x + box.width * fx, box.y + box.height * fy] as const;
      await user.page.mouse.move(...at(0.15, 0.6));
      await user.page.mouse.down();
      for (const [fx, fy] of [
        [0.25, 0.3],
        [0.35, 0.7],
        [0.45, 0.35],
        [0.55, 0.65],
        [0.7, 0.4],
        [0.85, 0.55],
      ] as const)
        await user.page.mouse.move(...at(fx, fy), { steps: 6 });
      await user.page.mouse.up();
      await user.page.getByText("已写下签名").waitFor();
      expect(await submit.isDisabled()).toBe(false);
      await submit.click();

      // Back in the thread: the signed agreement is an image message, on both sides.
      await user.page.waitForURL(`**/destiny?chat=${SERVICE_STAFF.imId}`);
      const ownImage = user.page.locator(".thread .msg-own .msg-image img");
      await ownImage.waitFor({ timeout: 15_000 });
      await user.page
        .locator(".thread .msg-own")
        .getByText("已签署的祈福协议")
        .waitFor();
      await expect
        .poll(() =>
          ownImage.evaluate(
            (img: HTMLImageElement) => img.complete && img.naturalWidth,
          ),
        )
        .toBeGreaterThan(0);
      await expect
        .poll(() => user.page.getByRole("link", { name: /查看并签署/ }).count())
        .toBe(0);

      const staffImage = staff.page.locator(".thread .msg-peer .msg-image img");
      await staffImage.waitFor({ timeout: 15_000 });
      await staff.page
        .locator(".thread .msg-peer")
        .getByText("已签署的祈福协议")
        .waitFor();
      await expect
        .poll(() =>
          staffImage.evaluate(
            (img: HTMLImageElement) => img.complete && img.naturalWidth,
          ),
        )
        .toBeGreaterThan(0);
      const src = (await staffImage.getAttribute("src"))!;
      expect(src).toMatch(/\/media\/[A-Za-z0-9_-]{32}\.png$/);
      expect(await ownImage.getAttribute("src")).toBe(src);

      // The stored signature is a real PNG within the limits, trimmed to the ink.
      const png = Buffer.from(await (await fetch(src)).arrayBuffer());
      expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
      const width = png.readUInt32BE(16);
      const height = png.readUInt32BE(20);
      expect(width).toBeGreaterThan(0);
      expect(width).toBeLessThanOrEqual(4096);
      expect(height).toBeLessThan(width);

      // The agreement page now shows it signed, with the date and no pad.
      await user.page.goto(`${agreementUrl.pathname}${agreementUrl.search}`);
      await user.page
        .getByRole("heading", { level: 2, name: "已签署" })
        .waitFor();
      await user.page.getByText(/^签署于 /).waitFor();
      await user.page.getByRole("img", { name: "我的签名" }).waitFor();
      expect(await user.page.getByRole("img", { name: "签名区" }).count()).toBe(
        0,
      );
      expect(
        await user.page.getByRole("button", { name: "签署并发送" }).count(),
      ).toBe(0);

      // Staff: the order's agreement is signed now; it cannot be sent again.
      await staff.page.getByRole("button", { name: "发送协议" }).click();
      const again = staff.page.getByRole("dialog");
      await again.getByText(masterOrderNo, { exact: false }).waitFor();
      await again.getByText(/协议已签署/).waitFor();
      expect(
        await again
          .getByRole("button", { name: new RegExp(masterOrderNo) })
          .count(),
      ).toBe(0);

      expect(appErrors(user.errors)).toEqual([]);
      expect(appErrors(staff.errors)).toEqual([]);
    },
  );
});
