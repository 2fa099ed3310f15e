// /my as a "我的" page (issue #23, "make the pages people return to feel finished"): the profile
// header, order shortcuts whose counts come from the user's real orders and open /myOrder with
// that filter, and a menu to the guarded sub-pages /my/settings, /my/manager and /my/invite.
import { expect, it } from "vitest";
import { MOBILE } from "../support/e2e/browser";
import { useBrowserAndServer } from "../support/e2e/browserAndServer";
import { signedInOnMy } from "../support/e2e/accounts";
import { apiAs } from "../support/e2e/chat";
import { placeOrder } from "../support/e2e/orders";

const world = useBrowserAndServer();

it("sends signed-out visitors of the sub-pages to the login page", async () => {
  const { browser, server } = world;
  const context = await browser.newContext({
    ...MOBILE,
    baseURL: server.baseUrl,
  });
  const page = await context.newPage();
  for (const path of ["/my/settings", "/my/manager", "/en/my/invite"]) {
    await page.goto(path);
    await page.waitForURL(
      (url) =>
        url.pathname.endsWith("/login") &&
        url.searchParams.get("redirect") === path,
    );
  }
  await context.close();
});

it("counts my orders by state, opens each filter, and leads to the sub-pages and back", async () => {
  const { browser, server } = world;
  const { context, page, errors } = await signedInOnMy(
    browser,
    server.baseUrl,
    "13800000051",
  );
  const placed: string[] = [];
  for (let i = 0; i < 3; i++) placed.push(await placeOrder(page));
  await apiAs(page, "order/v1/cancel", {
    method: "POST",
    body: { masterOrderNo: placed[0] },
  });
  await page.reload();

  // Two unpaid, one cancelled: 待付款 2, 全部 3, nothing in service or completed.
  await page.getByTestId("order-count-pending").waitFor();
  expect(await page.getByTestId("order-count-pending").textContent()).toBe("2");
  expect(await page.getByTestId("order-count-all").textContent()).toBe("3");
  expect(await page.getByTestId("order-count-service").count()).toBe(0);
  expect(await page.getByTestId("order-count-done").count()).toBe(0);
  expect(await page.locator(".profile-facts dd").first().textContent()).toBe(
    "138****0051",
  );

  await page.getByTestId("order-shortcut-pending").click();
  await page.waitForURL("**/myOrder?status=pending_payment");
  await page.locator(".order-card").first().waitFor();
  expect(await page.locator(".order-card").count()).toBe(2);
  await page.goBack();
  await page.getByTestId("order-shortcut-done").click();
  await page.waitForURL("**/myOrder?status=completed");
  await page.getByText("暂无订单").waitFor();
  await page.goBack();

  const menu = page.getByRole("navigation", { name: "更多" });
  await menu.getByRole("link", { name: "设置" }).click();
  await page.waitForURL("**/my/settings");
  await page.getByRole("heading", { level: 1, name: "设置" }).waitFor();
  await page.getByRole("region", { name: "语言与外观" }).waitFor();
  await page.getByTestId("push-card").waitFor();
  await page.getByRole("button", { name: "返回" }).click();
  await page.waitForURL((url) => url.pathname === "/my");

  await menu.getByRole("link", { name: "管理员申请" }).click();
  await page.waitForURL("**/my/manager");
  await page.getByRole("region", { name: "成为管理员" }).waitFor();
  // Opened directly (no history), the back button still goes up to /my.
  await page.goto("/en/my/invite");
  await page
    .getByRole("heading", { level: 1, name: "My invitations" })
    .waitFor();
  await page.getByRole("region", { name: "Invite friends" }).waitFor();
  await page.getByRole("button", { name: "Back" }).click();
  await page.waitForURL((url) => url.pathname === "/en/my");
  await page.getByRole("heading", { level: 1, name: "Me" }).waitFor();
  // Chromium logs every 4xx response it sees; those are not the app's errors.
  expect(errors.filter((e) => !e.includes("Failed to load resource"))).toEqual(
    [],
  );
  await context.close();
});
