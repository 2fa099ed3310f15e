// The chat thread's agreement lists over HTTP: staff see only a peer's paid / in-service orders
// (a monk only those of their own services, a customer nothing at all), each with its agreement's
// state; a user sees only the agreements that peer sent them; signing closes the sign reminder.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { imReminders } from "../../../server/db/schema";
import { transitionOrder } from "../../../server/domain/orders/transitionOrder";
import { describeEachDatabase } from "../../support/server/testDb";
import { png } from "../files/imageFixtures";
import {
  type CommerceServer,
  type Customer,
  DEMO_PHONES,
  type DemoProduct,
  get,
  placeOrder,
  post,
  signIn,
  startCommerceServer,
} from "../orders/commerceApi";

describeEachDatabase("agreements in a chat thread", (database) => {
  let server: CommerceServer;
  let dataDir: string;
  let alice: Customer;
  let bob: Customer;
  let staff: Customer;
  let monk: Customer;
  let lamp: any;
  let other: any;
  let unpaid: any;
  let bobs: any;

  const pay = (order: { masterId: number }, to: "paid" | "in_service") =>
    transitionOrder(server.db, {
      orderId: order.masterId,
      to,
      actor: to === "paid" ? "wechat_pay" : "admin",
      now: new Date(server.clock.now),
    });

  /** An order of the first demo product whose monk is not the demo monk's account. */
  async function orderOfAnotherMonk(who: Customer): Promise<any> {
    const list = (await get(server, "oapi/v1/products?pageSize=50")).body.data
      .list as { id: number }[];
    for (const card of list) {
      const product = (await get(server, `oapi/v1/products/${card.id}`)).body
        .data as DemoProduct;
      if (product.monk?.imId === monk.imId) continue;
      const created = await post(
        server,
        "order/v1/create",
        {
          productId: product.id,
          optionId: product.options[0]!.id,
          quantity: 1,
          ...(product.asks.beneficiary ? { beneficiaryName: "李四" } : {}),
          ...(product.asks.wish ? { wish: "学业进步" } : {}),
          ...(product.asks.birthDate ? { birthDate: "1990-05-01" } : {}),
        },
        who,
      );
      expect(created.status).toBe(200);
      return created.body.data;
    }
    throw new Error("every demo product belongs to the demo monk");
  }

  const signable = (who: Customer, imId: string, locale = "cn") =>
    get(
      server,
      `prayer/v1/signableOrders?imId=${encodeURIComponent(imId)}&locale=${locale}`,
      who,
    );
  const fromPeer = (who: Customer, imId: string, locale = "cn") =>
    get(
      server,
      `prayer/v1/chatAgreements?imId=${encodeURIComponent(imId)}&locale=${locale}`,
      who,
    );

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "fuyuan-chat-agreements-"));
    server = await startCommerceServer(database, {
      env: { DATA_DIR: dataDir },
    });
    alice = await signIn(server);
    bob = await signIn(server);
    staff = await signIn(server, DEMO_PHONES.service);
    monk = await signIn(server, DEMO_PHONES.monk);
    lamp = await placeOrder(server, alice);
    other = await orderOfAnotherMonk(alice);
    unpaid = await placeOrder(server, alice, { quantity: 1 });
    bobs = await placeOrder(server, bob);
    await pay(lamp, "paid");
    await pay(other, "paid");
    await pay(other, "in_service");
    await pay(bobs, "paid");
  });
  afterAll(async () => {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("lists a peer's signable orders to staff only", async () => {
    const customer = await signable(bob, alice.imId);
    expect(customer.status).toBe(403);
    expect(customer.body.code).toBe(403);
    expect((await signable(alice, alice.imId)).status).toBe(403);
    const unknown = await signable(staff, "nobody_here");
    expect(unknown.status).toBe(404);
    expect((await signable(staff, "")).status).toBe(400);

    const byService = await signable(staff, alice.imId, "en");
    expect(byService.status).toBe(200);
    const list = byService.body.data.list as any[];
    expect(list.map((o) => o.masterOrderNo).sort()).toEqual(
      [lamp.masterOrderNo, other.masterOrderNo].sort(),
    );
    expect(list.map((o) => o.masterOrderNo)).not.toContain(
      unpaid.masterOrderNo,
    );
    expect(list.find((o) => o.masterId === lamp.masterId)).toEqual({
      masterId: lamp.masterId,
      masterOrderNo: lamp.masterOrderNo,
      productTitle: "Lamp of Bright Wisdom",
      optionLabel: expect.stringMatching(/\S/),
      quantity: lamp.quantity,
      totalFen: lamp.totalFen,
      status: "paid",
      createdAt: expect.any(String),
      agreement: null,
    });
    expect(list.find((o) => o.masterId === other.masterId)?.status).toBe(
      "in_service",
    );

    // The monk sees only the order of their own service; nobody sees the wrong customer's orders.
    const byMonk = await signable(monk, alice.imId);
    expect(
      (byMonk.body.data.list as any[]).map((o) => o.masterOrderNo),
    ).toEqual([lamp.masterOrderNo]);
    const bobsList = (await signable(staff, bob.imId)).body.data.list as any[];
    expect(bobsList.map((o) => o.masterOrderNo)).toEqual([bobs.masterOrderNo]);
    expect((await signable(staff, staff.imId)).body.data.list).toEqual([]);
  });

  it("shows the agreement's state to staff and the agreement to the user it was sent to", async () => {
    expect((await fromPeer(alice, staff.imId)).body.data.list).toEqual([]);
    const sent = await post(
      server,
      "prayer/v1/sendAgreement",
      { masterOrderNo: lamp.masterOrderNo },
      staff,
    );
    expect(sent.status).toBe(200);
    const agreementId = sent.body.data.agreementId as number;

    const listed = (await signable(staff, alice.imId)).body.data.list as any[];
    expect(listed.find((o) => o.masterId === lamp.masterId)?.agreement).toEqual(
      { id: agreementId, status: "sent" },
    );
    expect(
      listed.find((o) => o.masterId === other.masterId)?.agreement,
    ).toBeNull();

    const mine = await fromPeer(alice, staff.imId, "en");
    expect(mine.status).toBe(200);
    expect(mine.body.data.list).toEqual([
      {
        id: agreementId,
        title: expect.stringMatching(/^Prayer service agreement · /),
        masterOrderNo: lamp.masterOrderNo,
        status: "sent",
        sentAt: expect.any(String),
        signedAt: null,
      },
    ]);
    const cn = await fromPeer(alice, staff.imId);
    expect(cn.body.data.list[0].title).toMatch(/^祈福服务协议 · /);
    // Not someone else's, and not under a peer who did not send it.
    expect((await fromPeer(bob, staff.imId)).body.data.list).toEqual([]);
    expect((await fromPeer(alice, monk.imId)).body.data.list).toEqual([]);
    expect((await fromPeer(alice, "nobody_here")).body.data.list).toEqual([]);
    expect((await fromPeer(staff, alice.imId)).body.data.list).toEqual([]);
  });

  it("closes the sign reminder once the agreement is signed", async () => {
    const [agreement] = (await fromPeer(alice, staff.imId)).body.data.list;
    const reminders = () =>
      server.db
        .select()
        .from(imReminders)
        .where(
          and(
            eq(imReminders.uid, alice.imId),
            eq(imReminders.reminderType, 101),
          ),
        );
    const before = await reminders();
    expect(before).toEqual([
      expect.objectContaining({ channelId: staff.imId, done: 0 }),
    ]);

    const bytes = png(240, 96);
    const form = new FormData();
    form.append("agreementId", String(agreement.id));
    form.append("type", "image/png");
    form.append("size", String(bytes.length));
    form.append(
      "file",
      new Blob([new Uint8Array(bytes)], { type: "image/png" }),
      "signature.png",
    );
    const signed = await fetch(
      new URL("/api/app/prayer/v1/signContract", server.baseUrl),
      {
        method: "POST",
        headers: { authorization: `Bearer ${alice.token}` },
        body: form,
      },
    );
    expect(signed.status).toBe(200);

    const after = await reminders();
    expect(after).toHaveLength(1);
    expect(after[0]!.done).toBe(1);
    expect(after[0]!.version).toBeGreaterThan(before[0]!.version);
    const synced = await post(
      server,
      "wuKong/v1/reminders/sync",
      { version: before[0]!.version },
      alice,
    );
    expect(synced.body.data).toEqual([
      expect.objectContaining({ id: after[0]!.id, done: 1 }),
    ]);

    const mine = (await fromPeer(alice, staff.imId)).body.data.list;
    expect(mine).toEqual([
      expect.objectContaining({
        id: agreement.id,
        status: "signed",
        signedAt: expect.any(String),
      }),
    ]);
    const listed = (await signable(staff, alice.imId)).body.data.list as any[];
    expect(listed.find((o) => o.masterId === lamp.masterId)?.agreement).toEqual(
      { id: agreement.id, status: "signed" },
    );
  });
});
