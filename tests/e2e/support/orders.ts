// Placing an order as the signed-in user of `page`, through the API the order form calls: the
// first option of product 1, one unit, for 张三丰. Test support.
import type { Page } from "playwright-core";
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
