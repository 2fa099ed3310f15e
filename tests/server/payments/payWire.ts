// Checks shared by the payment tests: the merchant-signed order request WeChat Pay received, and a
// development cashier page served as a script-free, locked-down HTML page.
import { expect } from "vitest";
import { parseAuthorization } from "../../../server/providers/wechatPay/wechatPayCrypto";
import type {
  FakeWechatPay,
  RecordedPayRequest,
} from "../../support/fakes/fakeWechatPay";

/** Asserts the request was signed by our merchant and names the order; returns its JSON body. */
export function expectSignedOrder(
  fake: FakeWechatPay,
  request: RecordedPayRequest,
  order: { appId: string; outTradeNo: string; totalFen: number },
): Record<string, unknown> {
  expect(request).toMatchObject({ method: "POST", status: 200 });
  expect(
    parseAuthorization(String(request.headers.authorization)),
  ).toMatchObject({
    mchid: fake.mchId,
    serial_no: fake.keys.merchant.serialNo,
  });
  const sent = JSON.parse(request.body) as Record<string, unknown>;
  expect(sent).toMatchObject({
    appid: order.appId,
    mchid: fake.mchId,
    out_trade_no: order.outTradeNo,
    notify_url: `${fake.publicUrl}/api/app/pay/v1/notify`,
    amount: { total: order.totalFen, currency: "CNY" },
  });
  return sent;
}

/** Asserts a 200 development page without scripts under the dev pages' CSP; returns its HTML. */
export async function devPageHtml(response: Response): Promise<string> {
  const html = await response.text();
  expect(response.status).toBe(200);
  expect(response.headers.get("content-security-policy")).toContain(
    "default-src 'none'",
  );
  expect(html).not.toMatch(/<script/i);
  return html;
}
