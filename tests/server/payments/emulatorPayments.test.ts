// Payments against the development emulator over real HTTP: the cashier page's Approve sends a
// signed, encrypted notification to our notify endpoint (cashier → notify → paid); replays and
// concurrent, out-of-order deliveries mark paid once; tampered signatures or amounts are refused;
// the sweeper reconciles an unnotified payment and cancels orders unpaid after 30 minutes.
import { and, eq } from "drizzle-orm";
import {
  orderStatusEvents,
  orders,
  paymentEvents,
} from "../../../server/db/schema";
import { loadEmulatorKeys } from "../../../server/domain/payments/emulatorKeyStore";
import { OrderSweeper } from "../../../server/domain/payments/OrderSweeper";
import type { WechatPayEmulator } from "../../../server/providers/wechatPay/WechatPayEmulator";
import { describeEachDatabase } from "../../support/server/testDb";
import {
  type CommerceServer,
  type Customer,
  get,
  payThroughCashier,
  placeOrder,
  post,
  signIn,
  startCommerceServer,
} from "../orders/commerceApi";
import { deliver, forgeNotification } from "./forgeNotification";
import { devPageHtml } from "./payWire";

describeEachDatabase("payments with the WeChat Pay emulator", (database) => {
  let server: CommerceServer;
  let alice: Customer;

  beforeAll(async () => {
    server = await startCommerceServer(database);
    alice = await signIn(server);
    emulatorInstance =
      (await server.app.commerce.pay.provider())?.emulator ?? undefined;
  });
  afterAll(() => server.close());

  let emulatorInstance: WechatPayEmulator | undefined;
  const emulator = (): WechatPayEmulator => {
    const found = emulatorInstance;
    if (!found) throw new Error("no emulator");
    return found;
  };
  const orderRow = async (masterId: number) =>
    (await server.db.select().from(orders).where(eq(orders.id, masterId)))[0]!;
  const paidEvents = async (masterId: number) =>
    server.db
      .select()
      .from(orderStatusEvents)
      .where(
        and(
          eq(orderStatusEvents.orderId, masterId),
          eq(orderStatusEvents.toStatus, "paid"),
        ),
      );

  it("pays through the cashier: Native code_url → cashier page → Approve → notify → paid", async () => {
    const order = await placeOrder(server, alice);
    const native = await post(
      server,
      "pay/v1/native",
      { masterId: order.masterId },
      alice,
    );
    expect(native.status).toBe(200);
    expect(native.body.data).toMatchObject({
      masterId: order.masterId,
      masterOrderNo: order.masterOrderNo,
      totalFen: order.totalFen,
      emulator: true,
      payBefore: order.payBefore,
    });
    const codeUrl = new URL(native.body.data.codeUrl);
    expect(`${codeUrl.origin}${codeUrl.pathname}`).toBe(
      `${server.baseUrl}/dev/pay/cashier`,
    );

    const html = await devPageHtml(await fetch(codeUrl));
    expect(html).toContain(
      `¥${Math.floor(order.totalFen / 100)}.${String(order.totalFen % 100).padStart(2, "0")}`,
    );
    expect(html).toContain(order.masterOrderNo);
    expect(html).toContain('action="approve"');

    const pending = await get(
      server,
      `pay/v1/status?masterOrderNo=${order.masterOrderNo}`,
      alice,
    );
    expect(pending.body.data).toMatchObject({
      status: "pending_payment",
      paid: false,
      paidAt: null,
    });

    const approved = await payThroughCashier(server, alice, order.masterId);
    expect(approved.status).toBe(200);
    expect(await approved.text()).toContain(
      "the server confirmed the notification",
    );

    const status = await get(
      server,
      `pay/v1/status?masterId=${order.masterId}`,
      alice,
    );
    expect(status.body.data).toMatchObject({ status: "paid", paid: true });
    const detail = await get(
      server,
      `order/v1/detail?masterId=${order.masterId}`,
      alice,
    );
    expect(detail.body.data.payChannel).toBe("native");
    expect(detail.body.data.payBefore).toBeNull();
    expect(detail.body.data.timeline.at(-1)).toMatchObject({
      from: "pending_payment",
      status: "paid",
      actor: "wechat_pay",
    });
    const row = await orderRow(order.masterId);
    expect(row.transactionId).toMatch(/^4200\d{24}$/);

    const again = await post(
      server,
      "pay/v1/native",
      { masterId: order.masterId },
      alice,
    );
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(`order ${order.masterOrderNo} is already paid`);
  });

  it("marks paid once when one notification is replayed 5 times", async () => {
    const order = await placeOrder(server, alice);
    await post(server, "pay/v1/native", { masterId: order.masterId }, alice);
    const { outTradeNo } = await orderRow(order.masterId);
    const notification = emulator().buildNotification(outTradeNo!, "SUCCESS");
    for (let i = 0; i < 5; i++) {
      const answer = await deliver(server.baseUrl, notification);
      expect(answer).toEqual({
        status: 200,
        body: { code: "SUCCESS", message: "成功" },
      });
    }
    expect(await paidEvents(order.masterId)).toHaveLength(1);
    const events = await server.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, order.masterId));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      source: "notify",
      outcome: "paid",
      tradeState: "SUCCESS",
      amountFen: order.totalFen,
    });
  });

  it("marks paid once when 10 notifications of two orders arrive concurrently, out of order", async () => {
    const first = await placeOrder(server, alice);
    const second = await placeOrder(server, alice, { quantity: 5 });
    const built: ReturnType<WechatPayEmulator["buildNotification"]>[] = [];
    for (const order of [first, second]) {
      await post(server, "pay/v1/native", { masterId: order.masterId }, alice);
      const { outTradeNo } = await orderRow(order.masterId);
      for (let i = 0; i < 5; i++)
        built.push(emulator().buildNotification(outTradeNo!, "SUCCESS"));
    }
    const shuffled = [7, 2, 9, 0, 5, 3, 8, 1, 6, 4].map((i) => built[i]!);
    const answers = await Promise.all(
      shuffled.map((n) => deliver(server.baseUrl, n)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    for (const order of [first, second]) {
      expect(await paidEvents(order.masterId)).toHaveLength(1);
      const outcomes = (
        await server.db
          .select()
          .from(paymentEvents)
          .where(eq(paymentEvents.orderId, order.masterId))
      ).map((e) => e.outcome);
      expect(outcomes.sort()).toEqual([
        "already_paid",
        "already_paid",
        "already_paid",
        "already_paid",
        "paid",
      ]);
      expect((await orderRow(order.masterId)).status).toBe("paid");
    }
  });

  it("refuses a tampered signature, a tampered amount, another merchant and a stale notification", async () => {
    const order = await placeOrder(server, alice);
    await post(server, "pay/v1/native", { masterId: order.masterId }, alice);
    const row = await orderRow(order.masterId);
    const genuine = emulator().buildNotification(row.outTradeNo!, "SUCCESS");

    const tamperedBody = {
      ...genuine,
      rawBody: genuine.rawBody.replace(
        '"summary":"支付成功"',
        '"summary":"支付成功 "',
      ),
    };
    expect(await deliver(server.baseUrl, tamperedBody)).toMatchObject({
      status: 401,
      body: { code: "FAIL" },
    });
    const badSignature = {
      ...genuine,
      headers: { ...genuine.headers, "Wechatpay-Signature": "AAAA" },
    };
    expect((await deliver(server.baseUrl, badSignature)).status).toBe(401);
    const unsigned = {
      ...genuine,
      headers: { "Content-Type": "application/json" },
    };
    expect((await deliver(server.baseUrl, unsigned)).status).toBe(401);

    const keys = await loadEmulatorKeys(server.db);
    const wire = emulator().transaction(row.outTradeNo!)!;
    const seconds = Math.floor(server.clock.now / 1000);
    const cheaper = forgeNotification(
      keys,
      { ...wire, amount: { ...wire.amount, total: 1 } },
      { timestampSeconds: seconds },
    );
    const refused = await deliver(server.baseUrl, cheaper);
    expect(refused).toEqual({
      status: 400,
      body: {
        code: "FAIL",
        message:
          "PAY_AMOUNT_MISMATCH: the notification does not match the order",
      },
    });
    const otherMerchant = forgeNotification(
      keys,
      { ...wire, mchid: "1999999999" },
      { timestampSeconds: seconds },
    );
    expect((await deliver(server.baseUrl, otherMerchant)).body.message).toMatch(
      /^PAY_MERCHANT_MISMATCH/,
    );
    const stale = forgeNotification(keys, wire, {
      timestampSeconds: seconds - 3600,
    });
    expect((await deliver(server.baseUrl, stale)).status).toBe(401);
    const notOurs = forgeNotification(
      keys,
      { ...wire, out_trade_no: "NOTOURS123" },
      { timestampSeconds: seconds },
    );
    expect((await deliver(server.baseUrl, notOurs)).status).toBe(404);

    expect((await orderRow(order.masterId)).status).toBe("pending_payment");
    expect(await paidEvents(order.masterId)).toHaveLength(0);
    // The genuine one still works afterwards.
    expect((await deliver(server.baseUrl, genuine)).status).toBe(200);
    expect((await orderRow(order.masterId)).status).toBe("paid");
  });

  it("reconciles a payment whose notification never came (query after 5 minutes)", async () => {
    const order = await placeOrder(server, alice);
    await post(server, "pay/v1/native", { masterId: order.masterId }, alice);
    const row = await orderRow(order.masterId);
    emulator().completePayment({ outTradeNo: row.outTradeNo! });
    expect((await server.app.commerce.sweeper.runOnce()).reconciled).toBe(0);
    server.clock.advance(6 * 60_000);
    const report = await server.app.commerce.sweeper.runOnce();
    expect(report.reconciled).toBe(1);
    const detail = await get(
      server,
      `order/v1/detail?masterId=${order.masterId}`,
      alice,
    );
    expect(detail.body.data.status).toBe("paid");
    expect(detail.body.data.timeline.at(-1)).toMatchObject({
      actor: "wechat_pay",
      note: expect.stringMatching(/^query/),
    });
    expect((await server.app.commerce.sweeper.runOnce()).reconciled).toBe(0);
  });

  it("cancels orders unpaid for 30 minutes (closing their WeChat attempt), idempotently", async () => {
    let bob = await signIn(server);
    const plain = await placeOrder(server, bob);
    const withPrepay = await placeOrder(server, bob);
    const native = await post(
      server,
      "pay/v1/native",
      { masterId: withPrepay.masterId },
      bob,
    );
    const prepayId = new URL(native.body.data.codeUrl).searchParams.get(
      "prepay_id",
    )!;
    server.clock.advance(29 * 60_000);
    await server.app.commerce.sweeper.runOnce();
    expect((await orderRow(plain.masterId)).status).toBe("pending_payment");
    server.clock.advance(2 * 60_000);
    // NOTE: access tokens live 15 minutes: sign in again after moving the clock.
    bob = await signIn(server, bob.phone);
    alice = await signIn(server, alice.phone);
    const late = await post(
      server,
      "pay/v1/native",
      { masterId: plain.masterId },
      bob,
    );
    expect(late.status).toBe(409);
    expect(late.body.msg).toMatch(/not paid within 30 minutes/);
    const report = await server.app.commerce.sweeper.runOnce();
    expect(report.cancelled).toBeGreaterThanOrEqual(2);
    for (const order of [plain, withPrepay]) {
      const detail = await get(
        server,
        `order/v1/detail?masterId=${order.masterId}`,
        bob,
      );
      expect(detail.body.data.status).toBe("cancelled");
      expect(detail.body.data.timeline.at(-1)).toMatchObject({
        actor: "system",
        note: "not paid within 30 minutes",
      });
    }
    expect(emulator().orderForPrepayId(prepayId)?.trade_state).toBe("CLOSED");
    const cashier = await fetch(new URL(native.body.data.codeUrl));
    expect(await cashier.text()).toContain("This payment is CLOSED");
    expect((await server.app.commerce.sweeper.runOnce()).cancelled).toBe(0);
  });

  it("treats an attempt the emulator forgot (a restart) as unpaid, without a warning", async () => {
    const order = await placeOrder(server, alice);
    await post(server, "pay/v1/native", { masterId: order.masterId }, alice);
    // The emulator keeps its orders in memory: after a restart it knows none of them.
    await server.db
      .update(orders)
      .set({ outTradeNo: `${(await orderRow(order.masterId)).outTradeNo!}X` })
      .where(eq(orders.id, order.masterId));
    const warnings: unknown[] = [];
    const sweeper = new OrderSweeper({
      db: server.db,
      clock: server.clock,
      logger: {
        error: (...args: unknown[]) => warnings.push(args),
        info: () => undefined,
        warn: (...args: unknown[]) => warnings.push(args),
      },
      pay: server.app.commerce.pay,
    });
    server.clock.advance(6 * 60_000);
    expect(await sweeper.runOnce()).toMatchObject({ reconciled: 0 });
    expect((await orderRow(order.masterId)).status).toBe("pending_payment");
    server.clock.advance(25 * 60_000);
    await sweeper.runOnce();
    expect((await orderRow(order.masterId)).status).toBe("cancelled");
    expect(warnings).toEqual([]);
    // NOTE: access tokens live 15 minutes: the next tests need a fresh one after the clock moved.
    alice = await signIn(server, alice.phone);
  });

  it("closes the open attempt when the customer cancels or switches channel", async () => {
    const order = await placeOrder(server, alice);
    const first = await post(
      server,
      "pay/v1/native",
      { masterId: order.masterId },
      alice,
    );
    const again = await post(
      server,
      "pay/v1/native",
      { masterId: order.masterId },
      alice,
    );
    expect(again.body.data.codeUrl).toBe(first.body.data.codeUrl);
    const firstPrepay = new URL(first.body.data.codeUrl).searchParams.get(
      "prepay_id",
    )!;
    await post(server, "order/v1/cancel", { masterId: order.masterId }, alice);
    expect(emulator().orderForPrepayId(firstPrepay)?.trade_state).toBe(
      "CLOSED",
    );
  });
});
