// Issue #22 in Chromium, each person in their own browser: a user with a paid order writes to the
// temple; the service staff member answering them opens /staff/chats on a desktop, filters the
// chats awaiting a reply, opens the user's thread with their order beside it, inserts a quick
// reply in two taps and sends it; the user's chat shows the answer. Then, on a phone, staff open
// another user's chat, open the paid order in the customer's context and start its service right
// there; the pane and the user's order page show it in service.
import { expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { DESKTOP, MOBILE, watchErrors } from "../support/e2e/browser";
import { useBrowserAndServer } from "../support/e2e/browserAndServer";
import { signedInOnMy, signInWithPhone } from "../support/e2e/accounts";
import {
  apiAs,
  bubbles,
  conversationRow,
  SERVICE_STAFF,
  signInOnce,
  waitConnected,
} from "../support/e2e/chat";
import { paidOrder } from "../support/e2e/orders";

const world = useBrowserAndServer();

/** The staff member's tokens once signed in: a phone gets one login code a minute. */
let staffStorage:
  Awaited<ReturnType<BrowserContext["storageState"]>> | undefined;

/** A user signed in on a phone with a paid order: its number, its product's title, their IM id. */
async function userWithPaidOrder(phone: string) {
  const { browser, server } = world;
  const user = await signedInOnMy(browser, server.baseUrl, phone);
  const { masterOrderNo } = await paidOrder(user.page, server.baseUrl);
  const { product } = await apiAs<{ product: { title: string } }>(
    user.page,
    `order/v1/detail?masterOrderNo=${masterOrderNo}&locale=cn`,
  );
  const { imId } = await apiAs<{ imId: string }>(user.page, "user/v1/info");
  return { user, masterOrderNo, lamp: product.title, imId };
}

it("staff answer with a quick reply while the user's orders show beside the thread", async () => {
  const { browser, server } = world;
  const { user, lamp, imId } = await userWithPaidOrder("13800000081");

  // The user writes to the temple from their chat.
  await user.page.goto("/destiny");
  await user.page.getByRole("button", { name: "联系客服" }).first().click();
  await user.page
    .getByRole("heading", { level: 1, name: SERVICE_STAFF.name })
    .waitFor();
  await waitConnected(user.page);
  const question = "请问我的光明灯什么时候点上？";
  const box = user.page.getByRole("textbox", {
    name: `给 ${SERVICE_STAFF.name} 发消息`,
  });
  await box.fill(question);
  await box.press("Enter");
  await expect
    .poll(() => bubbles(user.page, question).getAttribute("data-status"))
    .toBe("normal");

  // The staff member, on a desktop, keeps a quick reply for the team.
  const context = await browser.newContext({
    ...DESKTOP,
    baseURL: server.baseUrl,
  });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto("/login?redirect=%2Fmy");
  await signInWithPhone(page, server.baseUrl, SERVICE_STAFF.phone);
  await page.waitForURL("**/my");
  staffStorage = await context.storageState();
  const answer = `您好，灯会在三日内点上，届时发照片给您。${String(Date.now())}`;
  await apiAs(page, "staff/v1/quickReplies/save", {
    method: "POST",
    body: { text: answer },
  });

  // /my leads to the workspace; the chat awaits our reply.
  await page.getByRole("link", { name: "会话工作台" }).click();
  await page.getByRole("heading", { level: 1, name: "会话工作台" }).waitFor();
  // With no chat open there is no customer column: the placeholder reaches the right edge.
  await page.getByText("选择一个会话，查看消息和客户资料。").waitFor();
  const gap = await page.evaluate(() => {
    const workspace = document.querySelector(".ws-page")!;
    const pane = document.querySelector(".ws-thread")!.getBoundingClientRect();
    const inner =
      workspace.getBoundingClientRect().right -
      parseFloat(getComputedStyle(workspace).paddingRight);
    return Math.round(inner - pane.right);
  });
  expect(gap).toBe(0);
  await page.getByRole("button", { name: /^待回复/ }).click();
  await page.waitForURL(/filter=awaiting/);
  const row = conversationRow(page, imId);
  await row.waitFor({ timeout: 20_000 });
  await expect.poll(() => row.textContent()).toContain(question);
  await row.click();

  // The thread and, beside it, the user's paid order.
  await bubbles(page, question).waitFor({ timeout: 15_000 });
  const side = page.getByRole("complementary", { name: "客户资料" });
  const order = side.locator(".staff-row", { hasText: lamp });
  await order.waitFor({ timeout: 15_000 });
  expect(await order.textContent()).toContain("已支付");
  expect(await side.getByTestId("ws-assignee").textContent()).toBe(
    SERVICE_STAFF.name,
  );

  // Two taps: open the quick replies, pick one; then send.
  await waitConnected(page);
  await page.getByRole("button", { name: "快捷回复" }).click();
  await page.getByRole("button", { name: answer }).click();
  const composer = page.getByRole("textbox", { name: /^给 .* 发消息$/ });
  expect(await composer.inputValue()).toBe(answer);
  await page.getByRole("button", { name: "发送", exact: true }).click();
  await expect
    .poll(() => bubbles(page, answer).getAttribute("data-status"))
    .toBe("normal");
  expect(await composer.inputValue()).toBe("");

  // The user's chat shows the answer; the chat no longer awaits our reply.
  await bubbles(user.page, answer).waitFor({ timeout: 15_000 });
  await expect.poll(() => row.count()).toBe(0);
  expect(errors.filter((e) => !e.includes("Failed to load resource"))).toEqual(
    [],
  );
  expect(
    user.errors.filter((e) => !e.includes("Failed to load resource")),
  ).toEqual([]);
  await context.close();
  await user.context.close();
});

it("staff start a paid order's service from the chat's context pane on a phone", async () => {
  const { browser, server } = world;
  const { user, masterOrderNo, lamp, imId } =
    await userWithPaidOrder("13800000083");

  const staffContext = await browser.newContext({
    ...MOBILE,
    baseURL: server.baseUrl,
    storageState:
      staffStorage ??
      (await signInOnce(
        browser,
        server.baseUrl,
        SERVICE_STAFF.phone,
        "shared",
      )),
  });
  const staffPage = await staffContext.newPage();
  const staffErrors = watchErrors(staffPage);
  await staffPage.goto(`/staff/chats?chat=${imId}`);
  await staffPage
    .getByRole("button", { name: "客户资料", exact: true })
    .click();
  const side = staffPage.getByRole("complementary", { name: "客户资料" });
  const row = side.getByRole("button", { name: new RegExp(lamp) });
  await row.waitFor({ timeout: 15_000 });
  expect(await row.textContent()).toContain("已支付");
  await row.click();
  expect(await row.getAttribute("aria-expanded")).toBe("true");
  const panel = side.getByRole("region", { name: `订单 ${masterOrderNo}` });
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  await panel.getByLabel("安排日期").fill(day);
  await panel.getByRole("button", { name: "开始服务" }).click();

  // The pane reads the order again: 服务中, its next move, the focus on the order's heading.
  await expect
    .poll(() => row.textContent(), { timeout: 15_000 })
    .toContain("服务中");
  await panel.getByRole("form", { name: "标记完成" }).waitFor();
  expect(
    await staffPage.evaluate(() => document.activeElement?.textContent),
  ).toBe(`订单 ${masterOrderNo}`);
  expect(staffPage.url()).toContain(`chat=${imId}`);

  await user.page.goto(`/order?masterOrderNo=${masterOrderNo}`);
  await user.page.getByText("法事安排于", { exact: false }).waitFor();
  for (const errors of [staffErrors, user.errors])
    expect(
      errors.filter((e) => !e.includes("Failed to load resource")),
    ).toEqual([]);
  await staffContext.close();
  await user.context.close();
});
