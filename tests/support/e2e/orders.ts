// Placing an order as the signed-in user of `page`, through the API the order form calls: the
// first option of product 1, one unit, for 张三丰; and paying for it at the emulator's cashier.
// Test support.
import type { Page } from "playwright-core";
import { approveAtCashier } from "./a11yFixtures";
import { apiAs } from "./chat";

export async function placeOrder(page: Page): Promise<string> {
  const product = await apiAs<{
    id: number;
    options: { id: number }[];
  }>(page, "oapi/v1/products/1?locale=cn");
  const order = await apiAs<{ masterOrderNo: string }>(
    page,
    "order/v1/create?locale=cn",
    {
      method: "POST",
      body: {
        productId: product.id,
        optionId: product.options[0]!.id,
        quantity: 1,
        beneficiaryName: "张三丰",
        wish: "愿家人平安喜乐",
        showOnWall: false,
      },
    },
  );
  return order.masterOrderNo;
}

/**
 * Places an order of product 1 (慧明法师's bright lamp) and pays for it from its order page at the
 * emulator's cashier; answers its ids once the page shows it paid.
 */
export async function paidOrder(
  page: Page,
  baseUrl: string,
): Promise<{ masterOrderNo: string; masterId: number }> {
  const masterOrderNo = await placeOrder(page);
  await page.goto(`/order?masterOrderNo=${masterOrderNo}`);
  await page.getByRole("button", { name: "立即支付" }).click();
  const cashierUrl = await page
    .getByRole("link", { name: "打开模拟收银台" })
    .getAttribute("href");
  await approveAtCashier(baseUrl, cashierUrl!);
  await page
    .getByRole("region", { name: "心灯已燃" })
    .waitFor({ timeout: 15_000 });
  const { masterId } = await apiAs<{ masterId: number }>(
    page,
    `order/v1/detail?masterOrderNo=${masterOrderNo}`,
  );
  return { masterOrderNo, masterId };
}
