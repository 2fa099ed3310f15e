// Payments under chaos (issue #9), with the real WeChat Pay client against the loopback fake: each
// payment's notification arrives 10 times (replays and re-sends), concurrently, in a seeded random
// order, racing the query job (the sweeper, run from two places at once) and WeChat Pay answering
// slowly or with errors — every order moves to paid exactly once. Paid orders never notified are
// reconciled by the query job despite failed queries; unpaid ones are cancelled after 30 minutes.
import { eq, inArray } from "drizzle-orm";
import {
  orderStatusEvents,
  orders,
  paymentEvents,
} from "../../../server/db/schema";
import { OrderSweeper } from "../../../server/domain/payments/OrderSweeper";
import {
  type FakeWechatPay,
  startFakeWechatPay,
  wechatPayEnv,
} from "../../support/fakes/fakeWechatPay";
import { describeEachDatabase } from "../../support/server/testDb";
import { Prng } from "../../support/protocol/prng";
import {
  type CommerceServer,
  type Customer,
  placeOrder,
  post,
  signIn,
  startCommerceServer,
} from "../orders/commerceApi";
import { deliver } from "../payments/forgeNotification";

const APP_ID = "wx_fuyuan_pay_chaos";
const SEED = 9;

function shuffle<T>(random: Prng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, ms));

describeEachDatabase("payments under chaos (issue #9)", (database) => {
  let fake: FakeWechatPay;
  let server: CommerceServer;
  let alice: Customer | undefined;
  let clockNow = () => Date.now();

  beforeAll(async () => {
    fake = await startFakeWechatPay({
      appIds: [APP_ID],
      now: () => clockNow(),
    });
    server = await startCommerceServer(database, {
      env: wechatPayEnv(fake, APP_ID),
    });
    clockNow = () => server.clock.now;
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  /** Places orders with a Native prepay each; returns their ids and out_trade_nos. */
  async function prepaidOrders(count: number) {
    // NOTE: access tokens live 15 minutes and the tests move the clock: sign in afresh.
    const customer = await signIn(server, alice?.phone);
    alice = customer;
    const placed: { masterId: number; outTradeNo: string }[] = [];
    for (let i = 0; i < count; i++) {
      const order = await placeOrder(server, customer, { quantity: 1 + i });
      const native = await post(
        server,
        "pay/v1/native",
        { masterId: order.masterId },
        customer,
      );
      expect(native.status).toBe(200);
      placed.push({
        masterId: order.masterId,
        outTradeNo: `${order.masterOrderNo}N1`,
      });
    }
    return placed;
  }

  const transitions = async (
    ids: readonly number[],
    to: "paid" | "cancelled",
  ) =>
    (
      await server.db
        .select()
        .from(orderStatusEvents)
        .where(inArray(orderStatusEvents.orderId, [...ids]))
    ).filter((e) => e.toStatus === to);
  const statusOf = async (id: number) =>
    (await server.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;
  const eventsOf = (ids: readonly number[]) =>
    server.db
      .select()
      .from(paymentEvents)
      .where(inArray(paymentEvents.orderId, [...ids]));

  it("10 deliveries per payment, concurrent, shuffled, racing the query job: one transition each", async () => {
    const random = new Prng(SEED);
    const placed = await prepaidOrders(4);
    // The prepays are old enough for the query job, which races the notifications below.
    server.clock.advance(6 * 60_000);
    const deliveries = placed.flatMap((order) => {
      // WeChat Pay repeats a notification it got no answer to (same id), and may send it anew.
      const first = fake.emulator.buildNotification(
        order.outTradeNo,
        "SUCCESS",
      );
      const second = fake.emulator.buildNotification(
        order.outTradeNo,
        "SUCCESS",
      );
      return [
        ...Array.from({ length: 7 }, () => first),
        ...Array.from({ length: 3 }, () => second),
      ];
    });
    fake.delayMs = 20;
    const elsewhere = new OrderSweeper({
      db: server.db,
      clock: server.clock,
      logger: {
        error: () => undefined,
        info: () => undefined,
        warn: () => undefined,
      },
      pay: server.app.commerce.pay,
    });
    const [answers] = await Promise.all([
      Promise.all(
        shuffle(random, deliveries).map(async (notification) => {
          await sleep(random.int(0, 30));
          return deliver(server.baseUrl, notification);
        }),
      ),
      server.app.commerce.sweeper.runOnce(),
      elsewhere.runOnce(),
      sleep(15).then(() => server.app.commerce.sweeper.runOnce()),
    ]);
    fake.delayMs = 0;
    expect(answers).toHaveLength(40);
    for (const answer of answers)
      expect(answer).toEqual({
        status: 200,
        body: { code: "SUCCESS", message: "成功" },
      });

    const ids = placed.map((o) => o.masterId);
    const paid = await transitions(ids, "paid");
    expect(paid.map((e) => e.orderId).sort()).toEqual([...ids].sort());
    for (const id of ids) expect(await statusOf(id)).toBe("paid");
    const events = await eventsOf(ids);
    for (const id of ids) {
      const mine = events.filter((e) => e.orderId === id);
      // One report moved it; each notification id is recorded once, however often it came.
      expect(mine.filter((e) => e.outcome === "paid")).toHaveLength(1);
      expect(mine.filter((e) => e.source === "notify")).toHaveLength(2);
      expect(
        mine.every((e) => e.outcome === "paid" || e.outcome === "already_paid"),
      ).toBe(true);
    }
  });

  it("paid but never notified: the query job reconciles through failed queries; unpaid ones are cancelled", async () => {
    const placed = await prepaidOrders(4);
    // NOTE: the query job asks oldest prepay first; the unpaid order is the newest, so the failed
    // answers below hit paid ones.
    const unpaid = placed[3]!;
    const paidAtWechat = placed.slice(0, 3);
    for (const order of paidAtWechat)
      fake.emulator.completePayment({ outTradeNo: order.outTradeNo });
    const { sweeper } = server.app.commerce;

    // Too fresh for the query job: a notification may still come.
    expect(await sweeper.runOnce()).toMatchObject({
      reconciled: 0,
      cancelled: 0,
    });
    server.clock.advance(6 * 60_000);
    // WeChat Pay fails the first query: that order waits for the next run, the others settle.
    fake.nextAnswer = {
      kind: "error",
      status: 500,
      code: "SYSTEM_ERROR",
      message: "try again",
    };
    const first = await sweeper.runOnce();
    expect(first.reconciled).toBe(paidAtWechat.length - 1);
    // The next answer is forged (its signature fails): still not settled on its word.
    fake.nextAnswer = { kind: "tamperBody" };
    const second = await sweeper.runOnce();
    expect(second.reconciled).toBe(0);
    const third = await sweeper.runOnce();
    expect(third.reconciled).toBe(1);
    for (const order of paidAtWechat)
      expect(await statusOf(order.masterId)).toBe("paid");
    expect(await statusOf(unpaid.masterId)).toBe("pending_payment");

    // A notification that comes after all is a no-op.
    const late = fake.emulator.buildNotification(
      paidAtWechat[0]!.outTradeNo,
      "SUCCESS",
    );
    expect((await deliver(server.baseUrl, late)).status).toBe(200);

    // 30 minutes after ordering, the unpaid one is cancelled and its WeChat attempt closed; two
    // calls at once share one pass.
    server.clock.advance(25 * 60_000);
    const [a, b] = await Promise.all([sweeper.runOnce(), sweeper.runOnce()]);
    expect(a).toBe(b);
    expect(await statusOf(unpaid.masterId)).toBe("cancelled");
    expect(fake.emulator.transaction(unpaid.outTradeNo)?.trade_state).toBe(
      "CLOSED",
    );

    const ids = placed.map((o) => o.masterId);
    expect(
      (await transitions(ids, "paid")).map((e) => e.orderId).sort(),
    ).toEqual(paidAtWechat.map((o) => o.masterId).sort());
    expect((await transitions(ids, "cancelled")).map((e) => e.orderId)).toEqual(
      [unpaid.masterId],
    );
    const events = await eventsOf(ids);
    for (const order of paidAtWechat) {
      const mine = events.filter((e) => e.orderId === order.masterId);
      expect(mine.filter((e) => e.outcome === "paid")).toEqual([
        expect.objectContaining({ source: "query" }),
      ]);
    }
  });
});
