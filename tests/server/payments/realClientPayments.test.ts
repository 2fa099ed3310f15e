// The real WechatPayClient, configured through WECHAT_PAY_* like production, against the loopback
// WeChat Pay fake: signed Native prepay, query-based reconciliation, a platform-signed
// notification, a tampered amount refused, and a forged prepay answer never stored.
import { eq } from "drizzle-orm";
import { orders } from "../../../server/db/schema";
import {
  type FakeWechatPay,
  startFakeWechatPay,
  wechatPayEnv,
} from "../../support/fakes/fakeWechatPay";
import { describeEachDatabase } from "../../support/server/testDb";
import {
  type CommerceServer,
  type Customer,
  get,
  placeOrder,
  post,
  signIn,
  startCommerceServer,
} from "../orders/commerceApi";
import { deliver, forgeNotification } from "./forgeNotification";
import { expectSignedOrder } from "./payWire";

const APP_ID = "wx_fuyuan_pay_test";

describeEachDatabase(
  "payments with the real WeChat Pay client (loopback fake)",
  (database) => {
    let fake: FakeWechatPay;
    let server: CommerceServer;
    let alice: Customer;
    let now = Date.now();

    beforeAll(async () => {
      fake = await startFakeWechatPay({ appIds: [APP_ID], now: () => now });
      server = await startCommerceServer(database, {
        env: wechatPayEnv(fake, APP_ID),
      });
      now = server.clock.now;
      alice = await signIn(server);
    });
    afterAll(async () => {
      await server.close();
      await fake.close();
    });

    const orderRow = async (masterId: number) =>
      (
        await server.db.select().from(orders).where(eq(orders.id, masterId))
      )[0]!;

    it("places a signed Native prepay and reconciles the payment by query", async () => {
      const order = await placeOrder(server, alice);
      const native = await post(
        server,
        "pay/v1/native",
        { masterId: order.masterId },
        alice,
      );
      expect(native.status).toBe(200);
      expect(native.body.data.emulator).toBe(false);
      expect(native.body.data.codeUrl).toMatch(
        /^https:\/\/fuyuan\.example\/dev\/pay\/cashier\?prepay_id=wx/,
      );
      const request = fake.requests.at(-1)!;
      expect(request.url).toBe("/v3/pay/transactions/native");
      const sent = expectSignedOrder(fake, request, {
        appId: APP_ID,
        outTradeNo: `${order.masterOrderNo}N1`,
        totalFen: order.totalFen,
      });
      expect(sent.time_expire).toMatch(
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/,
      );

      fake.emulator.completePayment({ outTradeNo: `${order.masterOrderNo}N1` });
      server.clock.advance(6 * 60_000);
      now = server.clock.now;
      const report = await server.app.commerce.sweeper.runOnce();
      expect(report.reconciled).toBe(1);
      const query = fake.requests.find(
        (r) => r.method === "GET" && r.url.includes(`${order.masterOrderNo}N1`),
      );
      expect(query?.url).toBe(
        `/v3/pay/transactions/out-trade-no/${order.masterOrderNo}N1?mchid=${fake.mchId}`,
      );
      expect((await orderRow(order.masterId)).status).toBe("paid");
      alice = await signIn(server, alice.phone);
      const status = await get(
        server,
        `pay/v1/status?masterId=${order.masterId}`,
        alice,
      );
      expect(status.body.data.paid).toBe(true);
    });

    it("accepts a platform-signed notification and refuses one with another amount", async () => {
      const order = await placeOrder(server, alice);
      await post(server, "pay/v1/native", { masterId: order.masterId }, alice);
      const outTradeNo = `${order.masterOrderNo}N1`;
      const wire = fake.emulator.transaction(outTradeNo)!;
      const forged = forgeNotification(
        fake.keys,
        {
          ...wire,
          trade_state: "SUCCESS",
          transaction_id: "4200000000000000000000000001",
          amount: { ...wire.amount, total: order.totalFen - 1 },
        },
        { timestampSeconds: Math.floor(now / 1000) },
      );
      expect((await deliver(server.baseUrl, forged)).status).toBe(400);
      expect((await orderRow(order.masterId)).status).toBe("pending_payment");
      const genuine = fake.emulator.buildNotification(outTradeNo, "SUCCESS");
      expect(await deliver(server.baseUrl, genuine)).toEqual({
        status: 200,
        body: { code: "SUCCESS", message: "成功" },
      });
      expect((await orderRow(order.masterId)).status).toBe("paid");
    });

    it("never stores a prepay whose answer was tampered with", async () => {
      const order = await placeOrder(server, alice);
      fake.nextAnswer = { kind: "tamperBody" };
      const answer = await post(
        server,
        "pay/v1/native",
        { masterId: order.masterId },
        alice,
      );
      expect(answer.status).toBe(502);
      expect(answer.body.msg).toMatch(/Wechatpay-Signature does not verify/);
      const row = await orderRow(order.masterId);
      expect(row.outTradeNo).toBeNull();
      expect(row.codeUrl).toBeNull();
    });

    it("has no development cashier in front of the real WeChat Pay", async () => {
      const page = await fetch(
        new URL(
          "/dev/pay/cashier?prepay_id=wx20261121000000abcdef0123456789abcd0000",
          server.baseUrl,
        ),
      );
      expect(page.status).toBe(400);
      expect(await page.text()).toContain(
        "The WeChat Pay emulator is not in use.",
      );
    });
  },
);
