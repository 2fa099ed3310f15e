// Refunds over real HTTP on both databases with the WeChat Pay emulator (#22): the owner asks,
// staff decline (with a reason the owner reads) or approve; WeChat Pay's signed refund
// notification ends it once however often and however concurrently it arrives; a tampered one
// is refused; a lost one is found by the sweeper's query; a refusal by WeChat Pay undoes the
// approval; and bad input is refused with its reason.
import { and, eq } from "drizzle-orm";
import {
  auditEvents,
  orderRefunds,
  orderStatusEvents,
  orders,
  refundEvents,
} from "../../../server/db/schema";
import { EMULATED_REFUND_NOTIFY } from "../../../server/domain/fulfilment/refundPayouts";
import type { WechatPayEmulator } from "../../../server/providers/wechatPay/WechatPayEmulator";
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
import {
  messagesTo,
  paidOrderOfDemoMonk,
  type TempleTeam,
  templeTeam,
} from "./templeSide";

describeEachDatabase("refunds", (database) => {
  let server: CommerceServer;
  let alice: Customer;
  let team: TempleTeam;
  let emulator: WechatPayEmulator;

  beforeAll(async () => {
    server = await startCommerceServer(database);
    alice = await signIn(server);
    team = await templeTeam(server);
    const provider = await server.app.commerce.pay.provider();
    if (provider?.emulator == null) throw new Error("no emulator");
    emulator = provider.emulator;
  });
  afterAll(() => server.close());
  afterEach(() => {
    EMULATED_REFUND_NOTIFY.delayMs = 1_000;
  });

  const ask = (masterId: number, reason = "家中有变，想退款", who = alice) =>
    post(server, "order/v1/refund/request", { masterId, reason }, who);
  const review = (masterId: number, approve: boolean, reason?: string) =>
    post(
      server,
      "order/v1/refund/review",
      { masterId, approve, ...(reason === undefined ? {} : { reason }) },
      team.staff,
    );
  const detail = async (masterId: number) =>
    (await get(server, `order/v1/detail?masterId=${masterId}`, alice)).body
      .data;
  const refundRows = (masterId: number) =>
    server.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, masterId));
  const refundedMoves = async (masterId: number) =>
    (
      await server.db
        .select()
        .from(orderStatusEvents)
        .where(
          and(
            eq(orderStatusEvents.orderId, masterId),
            eq(orderStatusEvents.toStatus, "refunded"),
          ),
        )
    ).length;
  const noticesOf = async (masterId: number) =>
    (await messagesTo(server, alice.imId))
      .filter((m) => m.payload.orderUpdate?.masterId === masterId)
      .map((m) => m.payload.orderUpdate.kind as string);

  it("asked, declined with a reason, asked again, approved, and refunded on the emulator's notification", async () => {
    const order = await paidOrderOfDemoMonk(server, alice);
    expect((await detail(order.masterId)).refundable).toBe(true);

    const asked = await ask(order.masterId);
    expect(asked.status).toBe(200);
    expect(asked.body.data).toMatchObject({
      status: "paid",
      refundable: false,
      refund: {
        status: "requested",
        reason: "家中有变，想退款",
        amountFen: order.totalFen,
      },
    });
    const toStaff = (await messagesTo(server, "demo_service")).filter(
      (m) => m.payload.refundRequest?.masterId === order.masterId,
    );
    expect(toStaff).toHaveLength(1);
    expect(toStaff[0]!.fromUid).toBe(alice.imId);

    const again = await ask(order.masterId);
    expect([again.status, again.body.reason]).toEqual([409, "REFUND_OPEN"]);
    const blocked = await post(
      server,
      "order/v1/fulfil",
      {
        masterId: order.masterId,
        status: "in_service",
        plannedAt: new Date(server.clock() + 86_400_000).toISOString(),
      },
      team.staff,
    );
    expect([blocked.status, blocked.body.reason]).toEqual([409, "REFUND_OPEN"]);

    const noReason = await review(order.masterId, false, "   ");
    expect([noReason.status, noReason.body.reason]).toEqual([
      400,
      "DECLINE_REASON_REQUIRED",
    ]);
    const declined = await review(order.masterId, false, "法事已开始准备");
    expect(declined.status).toBe(200);
    expect(declined.body.data.refund).toMatchObject({
      status: "declined",
      reviewReason: "法事已开始准备",
    });
    expect((await detail(order.masterId)).refundable).toBe(true);

    expect((await ask(order.masterId, "还是想退")).status).toBe(200);
    const approved = await review(order.masterId, true);
    expect(approved.status).toBe(200);
    expect(approved.body.data.refund.status).toBe("processing");
    expect(approved.body.data.can.reviewRefund).toBe(false);

    // The order turns refunded when the notification's transaction commits; the owner's notice is
    // written just after it, so wait for both.
    await vi.waitFor(
      async () => {
        expect((await detail(order.masterId)).status).toBe("refunded");
        expect(await noticesOf(order.masterId)).toContain("refund_succeeded");
      },
      { timeout: 15_000, interval: 200 },
    );
    const final = await detail(order.masterId);
    expect(final.refund).toMatchObject({
      status: "succeeded",
      amountFen: order.totalFen,
    });
    expect(final.refund.refundedAt).not.toBeNull();
    expect(final.refundable).toBe(false);
    expect(await refundedMoves(order.masterId)).toBe(1);
    const rows = await refundRows(order.masterId);
    expect(rows.map((r) => [r.status, r.outRefundNo])).toEqual([
      ["declined", `${order.masterOrderNo}R1`],
      ["succeeded", `${order.masterOrderNo}R2`],
    ]);
    expect(await noticesOf(order.masterId)).toEqual([
      "refund_declined",
      "refund_approved",
      "refund_succeeded",
    ]);
    const actions = (await server.db.select().from(auditEvents))
      .filter(
        (a) =>
          (a.targetType === "order" && a.targetId === String(order.masterId)) ||
          (a.targetType === "refund" &&
            rows.some((r) => String(r.id) === a.targetId)),
      )
      .map((a) => a.action);
    expect(actions).toEqual([
      "refund.request",
      "refund.decline",
      "refund.request",
      "refund.approve",
      "refund.settle",
    ]);
  });

  it("ten concurrent copies of the notification give one transition; a tampered one is refused", async () => {
    EMULATED_REFUND_NOTIFY.delayMs = null;
    const order = await paidOrderOfDemoMonk(server, alice);
    await ask(order.masterId);
    expect((await review(order.masterId, true)).status).toBe(200);
    const [refund] = await refundRows(order.masterId);
    emulator.completeRefund(refund!.outRefundNo, "SUCCESS");
    const notification = emulator.buildRefundNotification(refund!.outRefundNo);

    const tampered = await fetch(notification.notifyUrl, {
      method: "POST",
      headers: notification.headers,
      body: notification.rawBody.replace('"nonce"', '"nonce" '),
    });
    expect(tampered.status).toBe(401);
    expect((await detail(order.masterId)).status).toBe("paid");

    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(notification.notifyUrl, {
          method: "POST",
          headers: notification.headers,
          body: notification.rawBody,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect((await detail(order.masterId)).status).toBe("refunded");
    expect(await refundedMoves(order.masterId)).toBe(1);
    expect(
      (await noticesOf(order.masterId)).filter((k) => k === "refund_succeeded"),
    ).toHaveLength(1);
    const recorded = await server.db
      .select()
      .from(refundEvents)
      .where(eq(refundEvents.refundRowId, refund!.id));
    expect(recorded.filter((e) => e.source === "notify")).toHaveLength(1);
  });

  it("the sweeper finds a refund whose notification never came", async () => {
    EMULATED_REFUND_NOTIFY.delayMs = null;
    const order = await paidOrderOfDemoMonk(server, alice);
    await ask(order.masterId);
    expect((await review(order.masterId, true)).status).toBe(200);
    const [refund] = await refundRows(order.masterId);

    server.clock.advance(3 * 60_000);
    await server.app.commerce.sweeper.runOnce();
    expect((await detail(order.masterId)).refund.status).toBe("processing");

    emulator.completeRefund(refund!.outRefundNo, "SUCCESS");
    server.clock.advance(3 * 60_000);
    const report = await server.app.commerce.sweeper.runOnce();
    expect(report.refundsSettled).toBe(1);
    expect((await detail(order.masterId)).status).toBe("refunded");
    expect(await noticesOf(order.masterId)).toContain("refund_succeeded");
  });

  it("an abnormal refund ends failed and the order stays paid", async () => {
    EMULATED_REFUND_NOTIFY.delayMs = null;
    const order = await paidOrderOfDemoMonk(server, alice);
    await ask(order.masterId);
    await review(order.masterId, true);
    const [refund] = await refundRows(order.masterId);
    emulator.completeRefund(refund!.outRefundNo, "ABNORMAL");
    const notification = emulator.buildRefundNotification(refund!.outRefundNo);
    const answer = await fetch(notification.notifyUrl, {
      method: "POST",
      headers: notification.headers,
      body: notification.rawBody,
    });
    expect(answer.status).toBe(200);
    const after = await detail(order.masterId);
    expect([after.status, after.refund.status, after.refundable]).toEqual([
      "paid",
      "failed",
      true,
    ]);
  });

  it("a refund WeChat Pay refuses undoes the approval", async () => {
    const order = await paidOrderOfDemoMonk(server, alice);
    await ask(order.masterId);
    emulator.failNextRefund("NOT_ENOUGH");
    const refused = await review(order.masterId, true);
    expect([refused.status, refused.body.reason]).toEqual([
      502,
      "REFUND_REFUSED",
    ]);
    const after = await detail(order.masterId);
    expect([after.status, after.refund.status]).toEqual(["paid", "requested"]);
  });

  it("refuses what cannot be refunded, with its reason", async () => {
    const unpaid = await placeOrder(server, alice);
    const early = await ask(unpaid.masterId);
    expect([early.status, early.body.reason, early.body.params]).toEqual([
      409,
      "REFUND_NOT_ALLOWED",
      { status: "pending_payment" },
    ]);
    const order = await paidOrderOfDemoMonk(server, alice);
    for (const reason of ["", "   ", "\u200b"]) {
      const blank = await ask(order.masterId, reason);
      expect(blank.status).toBe(400);
    }
    const long = await ask(order.masterId, "退".repeat(201));
    expect(long.status).toBe(400);
    const other = await signIn(server);
    const notMine = await ask(order.masterId, "想退", other);
    expect([notMine.status, notMine.body.reason]).toEqual([
      404,
      "ORDER_NOT_FOUND",
    ]);
    expect(await refundRows(order.masterId)).toHaveLength(0);
    const nothing = await review(order.masterId, true);
    expect([nothing.status, nothing.body.reason]).toEqual([
      409,
      "REFUND_NOT_REQUESTED",
    ]);
    const row = (
      await server.db.select().from(orders).where(eq(orders.id, order.masterId))
    )[0]!;
    expect(row.status).toBe("paid");
  });
});
