// Issue #22 in Chromium, each person in their own browser: the monk starts the service and marks
// it completed with a photo from his order desk, and the owner sees the planned date and the photo
// on the order page; the owner asks for a refund, staff approve it at the desk, and the order ends
// refunded after the development emulator's refund notification.
import { expect, it, vi } from "vitest";
import { useBrowserAndServer } from "../support/e2e/browserAndServer";
import { signedInOnMy } from "../support/e2e/accounts";
import { apiAs } from "../support/e2e/chat";
import { paidOrder } from "../support/e2e/orders";
import { solidPng } from "../support/e2e/pngFixture";

const world = useBrowserAndServer();

function tomorrow(): string {
  return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
}

it("the monk completes the order with a photo and the owner sees it on the order page", async () => {
  const { browser, server } = world;
  const owner = await signedInOnMy(browser, server.baseUrl, "13800000071");
  const order = await paidOrder(owner.page, server.baseUrl);

  const monk = await signedInOnMy(browser, server.baseUrl, "13800000003");
  await monk.page.goto(`/staff/orders/${order.masterId}`);
  await monk.page.getByLabel("安排日期").fill(tomorrow());
  await monk.page.getByRole("button", { name: "开始服务" }).click();
  const complete = monk.page.getByRole("button", { name: "标记完成" });
  await complete.waitFor({ timeout: 15_000 });
  await monk.page.locator('input[type="file"]').setInputFiles({
    name: "lamp.png",
    mimeType: "image/png",
    buffer: solidPng(40, 30, [230, 160, 40]),
  });
  await monk.page.getByAltText("完成照片 1").waitFor();
  // NOTE: the button is enabled while the photo uploads (pressing it then says to wait), so wait
  // for the upload itself; pressing early failed this test now and then.
  await monk.page
    .locator(".staff-photo.is-stored")
    .first()
    .waitFor({ timeout: 15_000 });
  await complete.click();
  await vi.waitFor(
    async () => {
      const now = await apiAs<{ status: string }>(
        monk.page,
        `order/v1/staff/detail?masterId=${order.masterId}`,
      );
      expect(now.status).toBe("completed");
    },
    { timeout: 15_000 },
  );

  await owner.page.goto(`/order?masterOrderNo=${order.masterOrderNo}`);
  await owner.page.getByText("法事安排于", { exact: false }).waitFor();
  const thumb = owner.page.getByRole("button", { name: /查看第 1 张照片/ });
  await thumb.waitFor();
  expect(
    await thumb
      .locator("img")
      .evaluate(
        async (img: HTMLImageElement) => (await img.decode(), img.naturalWidth),
      ),
  ).toBe(40);
  await thumb.click();
  await owner.page.getByRole("dialog").waitFor();
  await owner.page.keyboard.press("Escape");
  expect(
    owner.errors.filter((e) => !e.includes("Failed to load resource")),
  ).toEqual([]);
  await monk.context.close();
  await owner.context.close();
});

it("a refund the owner asks for is approved at the desk and ends refunded", async () => {
  const { browser, server } = world;
  const owner = await signedInOnMy(browser, server.baseUrl, "13800000072");
  const order = await paidOrder(owner.page, server.baseUrl);

  await owner.page.getByRole("button", { name: "申请退款" }).click();
  await owner.page.getByLabel("退款原因").fill("家中有事，无法参加");
  await owner.page.getByRole("button", { name: "提交申请" }).click();
  await owner.page.getByRole("button", { name: "确认申请" }).click();
  await owner.page.getByText("退款申请审核中").waitFor({ timeout: 15_000 });

  const staff = await signedInOnMy(browser, server.baseUrl, "13800000002");
  await staff.page.goto(`/staff/orders/${order.masterId}`);
  await staff.page.getByText("家中有事，无法参加").waitFor({ timeout: 15_000 });
  await staff.page.getByRole("button", { name: "同意退款" }).click();
  await staff.page.getByRole("button", { name: "确认退款" }).click();

  await vi.waitFor(
    async () => {
      await owner.page.reload();
      await owner.page.getByText(/已退款 ¥/).waitFor({ timeout: 2_000 });
    },
    { timeout: 20_000, interval: 500 },
  );
  const final = await apiAs<{ status: string; refund: { status: string } }>(
    owner.page,
    `order/v1/detail?masterOrderNo=${order.masterOrderNo}`,
  );
  expect([final.status, final.refund.status]).toEqual([
    "refunded",
    "succeeded",
  ]);
  expect(
    owner.errors.filter((e) => !e.includes("Failed to load resource")),
  ).toEqual([]);
  await staff.context.close();
  await owner.context.close();
});
