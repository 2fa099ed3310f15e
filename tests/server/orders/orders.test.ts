// Orders over real HTTP: creation rules (option of the product, quantity 1–99, asked fields,
// lengths, server-side total), detail by masterId or masterOrderNo, my orders (filter, newest
// first, pages), cancel, the timeline, refused transitions, and one user never seeing another's.
import { eq } from "drizzle-orm";
import { orders } from "../../../server/db/schema";
import { runAdmin } from "../../../server/domain/admin/adminCommands";
import { transitionOrder } from "../../../server/domain/orders/transitionOrder";
import { describeEachDatabase } from "../../support/server/testDb";
import {
  type CommerceServer,
  type Customer,
  get,
  placeOrder,
  post,
  productAsking,
  signIn,
  startCommerceServer,
} from "./commerceApi";

describeEachDatabase("orders", (database) => {
  let server: CommerceServer;
  let alice: Customer;
  let bob: Customer;

  beforeAll(async () => {
    server = await startCommerceServer(database);
    alice = await signIn(server);
    bob = await signIn(server);
  });
  afterAll(() => server.close());

  it("creates an order with a server-computed total and a first timeline entry", async () => {
    const product = await productAsking(server, {
      beneficiary: true,
      wish: true,
      birthDate: false,
    });
    const option = product.options[1]!;
    const created = await post(
      server,
      "order/v1/create?locale=en",
      {
        productId: product.id,
        optionId: option.id,
        quantity: 3,
        beneficiaryName: "  Li Hua ",
        wish: "Health for my parents",
      },
      alice,
    );
    expect(created.status).toBe(200);
    const order = created.body.data;
    expect(order).toMatchObject({
      id: product.id,
      status: "pending_payment",
      quantity: 3,
      unitPriceFen: option.priceFen,
      totalFen: option.priceFen * 3,
      beneficiaryName: "Li Hua",
      wish: "Health for my parents",
      birthDate: null,
      showOnWall: false,
      option: { id: option.id, days: option.days },
      payChannel: null,
      openidBound: false,
    });
    expect(order.product.title).toMatch(/[A-Za-z]/);
    expect(order.masterOrderNo).toMatch(/^\d{18}$/);
    expect(Date.parse(order.payBefore) - Date.parse(order.createdAt)).toBe(
      30 * 60_000,
    );
    expect(order.timeline).toEqual([
      {
        status: "pending_payment",
        from: null,
        at: order.createdAt,
        actor: "user",
        note: "",
        photos: [],
        plannedAt: null,
      },
    ]);
    expect(order).toMatchObject({
      plannedAt: null,
      refund: null,
      refundable: false,
    });
  });

  it.each([
    [{ quantity: 0 }, "body/quantity must be >= 1"],
    [{ quantity: 100 }, "body/quantity must be <= 99"],
    [{ quantity: 1.5 }, "body/quantity must be integer"],
    [
      { beneficiaryName: undefined },
      "body/beneficiaryName is required for this product",
    ],
    [{ wish: "   " }, "body/wish is required for this product"],
    [
      { birthDate: "1990-01-01" },
      "body/birthDate is not asked for this product",
    ],
    [
      { beneficiaryName: "张".repeat(41) },
      "body/beneficiaryName must be at most 40 characters (got 41)",
    ],
    [
      { wish: "愿".repeat(201) },
      "body/wish must be at most 200 characters (got 201)",
    ],
    [
      { beneficiaryName: "A\u202eB" },
      "body/beneficiaryName contains control characters",
    ],
  ])("refuses %j: %s", async (overrides, msg) => {
    const product = await productAsking(server, {
      beneficiary: true,
      wish: true,
      birthDate: false,
    });
    const body: Record<string, unknown> = {
      productId: product.id,
      optionId: product.options[0]!.id,
      quantity: 1,
      beneficiaryName: "王小明",
      wish: "平安",
      ...overrides,
    };
    // NOTE: JSON drops undefined fields, so a removed field is simply not sent.
    const before = (await server.db.select().from(orders)).length;
    const answer = await post(server, "order/v1/create", body, alice);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 400, data: null, msg });
    expect((await server.db.select().from(orders)).length).toBe(before);
  });

  it("refuses a total sent by the client (unknown field) and computes price × quantity itself", async () => {
    const product = await productAsking(server, {
      beneficiary: true,
      wish: true,
      birthDate: false,
    });
    const option = product.options[2]!;
    const answer = await post(
      server,
      "order/v1/create",
      {
        productId: product.id,
        optionId: option.id,
        quantity: 99,
        beneficiaryName: "王",
        wish: "安",
        totalFen: 1,
        unitPriceFen: 1,
      },
      alice,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe("body must not have property totalFen");
    const honest = await post(
      server,
      "order/v1/create",
      {
        productId: product.id,
        optionId: option.id,
        quantity: 99,
        beneficiaryName: "王",
        wish: "安",
      },
      alice,
    );
    expect(honest.status).toBe(200);
    expect(honest.body.data.unitPriceFen).toBe(option.priceFen);
    expect(honest.body.data.totalFen).toBe(option.priceFen * 99);
  });

  it("refuses an option of another product, an unknown product and bad birth dates", async () => {
    const lamp = await productAsking(server, {
      beneficiary: true,
      wish: true,
      birthDate: false,
    });
    const dated = await productAsking(server, {
      beneficiary: true,
      wish: false,
      birthDate: true,
    });
    const wrongOption = await post(
      server,
      "order/v1/create",
      {
        productId: lamp.id,
        optionId: dated.options[0]!.id,
        quantity: 1,
        beneficiaryName: "王",
        wish: "安",
      },
      alice,
    );
    expect(wrongOption.status).toBe(400);
    expect(wrongOption.body.msg).toBe(
      `body/optionId ${dated.options[0]!.id} is not an option of product ${lamp.id}`,
    );
    const unknown = await post(
      server,
      "order/v1/create",
      { productId: 99999, optionId: 1, quantity: 1 },
      alice,
    );
    expect(unknown.status).toBe(404);
    for (const [birthDate, msg] of [
      ["1990-02-30", "body/birthDate must be a calendar date YYYY-MM-DD"],
      ["90-01-01", "body/birthDate must be a calendar date YYYY-MM-DD"],
      ["1899-12-31", "body/birthDate must be between 1900-01-01 and today"],
      ["2999-01-01", "body/birthDate must be between 1900-01-01 and today"],
    ]) {
      const answer = await post(
        server,
        "order/v1/create",
        {
          productId: dated.id,
          optionId: dated.options[0]!.id,
          quantity: 1,
          beneficiaryName: "王",
          birthDate,
        },
        alice,
      );
      expect(answer.body.msg, birthDate).toBe(msg);
    }
    const ok = await post(
      server,
      "order/v1/create",
      {
        productId: dated.id,
        optionId: dated.options[0]!.id,
        quantity: 1,
        beneficiaryName: "王",
        birthDate: "1988-08-08",
      },
      alice,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data.birthDate).toBe("1988-08-08");
  });

  it("needs a signed-in caller", async () => {
    for (const [method, path] of [
      ["POST", "order/v1/create"],
      ["GET", "order/v1/detail?masterId=1"],
      ["GET", "order/v1/mine"],
      ["POST", "order/v1/cancel"],
    ] as const) {
      const answer =
        method === "GET"
          ? await get(server, path)
          : await post(server, path, {});
      expect(answer.status, path).toBe(401);
    }
  });

  it("reads an order by masterId or masterOrderNo; another user gets the same 404 as for nothing", async () => {
    const order = await placeOrder(server, alice);
    const byId = await get(
      server,
      `order/v1/detail?masterId=${order.masterId}`,
      alice,
    );
    const byNo = await get(
      server,
      `order/v1/detail?masterOrderNo=${order.masterOrderNo}&locale=tw`,
      alice,
    );
    expect(byId.body.data.masterOrderNo).toBe(order.masterOrderNo);
    expect(byNo.body.data.masterId).toBe(order.masterId);
    const theirs = await get(
      server,
      `order/v1/detail?masterId=${order.masterId}`,
      bob,
    );
    const missing = await get(
      server,
      "order/v1/detail?masterId=2147483647",
      bob,
    );
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
    const mixed = await get(
      server,
      `order/v1/detail?masterId=${order.masterId}&masterOrderNo=000000000000000000`,
      alice,
    );
    expect(mixed.status).toBe(404);
    expect((await get(server, "order/v1/detail", alice)).body.msg).toBe(
      "masterId or masterOrderNo is required",
    );
    for (const [path, body] of [
      ["order/v1/cancel", { masterId: order.masterId }],
      ["pay/v1/native", { masterId: order.masterId }],
      ["pay/v1/oauthState", { masterOrderNo: order.masterOrderNo }],
    ] as const) {
      const answer = await post(server, path, body, bob);
      expect(answer.status, path).toBe(404);
      expect(answer.body.msg, path).toBe("order not found");
    }
    const status = await get(
      server,
      `pay/v1/status?masterId=${order.masterId}`,
      bob,
    );
    expect(status.status).toBe(404);
    const untouched = await get(
      server,
      `order/v1/detail?masterId=${order.masterId}`,
      alice,
    );
    expect(untouched.body.data.status).toBe("pending_payment");
    expect(untouched.body.data.payChannel).toBeNull();
  });

  it("lists my orders newest first, by status, in pages", async () => {
    const carol = await signIn(server);
    const placed: any[] = [];
    for (let i = 0; i < 3; i++) {
      server.clock.advance(1000);
      placed.push(await placeOrder(server, carol, { quantity: i + 1 }));
    }
    await post(
      server,
      "order/v1/cancel",
      { masterId: placed[0].masterId },
      carol,
    );
    const all = await get(server, "order/v1/mine?pageSize=2", carol);
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.list.map((o: any) => o.masterId)).toEqual([
      placed[2].masterId,
      placed[1].masterId,
    ]);
    const second = await get(server, "order/v1/mine?pageSize=2&page=2", carol);
    expect(second.body.data.list.map((o: any) => o.masterId)).toEqual([
      placed[0].masterId,
    ]);
    expect(second.body.data.total).toBe(3);
    // A list item is its detail without what only the detail shows.
    for (const item of [...all.body.data.list, ...second.body.data.list]) {
      const detail = await get(
        server,
        `order/v1/detail?masterId=${item.masterId}`,
        carol,
      );
      const { timeline, plannedAt, refund, refundable, ...listed } =
        detail.body.data;
      expect([timeline.length > 0, plannedAt, refund, refundable]).toEqual([
        true,
        null,
        null,
        false,
      ]);
      expect(item).toEqual(listed);
    }
    const pastTheEnd = await get(
      server,
      "order/v1/mine?pageSize=2&page=3",
      carol,
    );
    expect([pastTheEnd.body.data.list, pastTheEnd.body.data.total]).toEqual([
      [],
      3,
    ]);
    const cancelled = await get(
      server,
      "order/v1/mine?status=cancelled",
      carol,
    );
    expect(cancelled.body.data.list.map((o: any) => o.masterId)).toEqual([
      placed[0].masterId,
    ]);
    expect(cancelled.body.data.total).toBe(1);
    const dave = await signIn(server);
    expect((await get(server, "order/v1/mine", dave)).body.data).toMatchObject({
      list: [],
      total: 0,
      page: 1,
    });
    expect((await get(server, "order/v1/mine?status=lost", carol)).status).toBe(
      400,
    );
    expect(
      (await get(server, "order/v1/mine", bob)).body.data.list.some(
        (o: any) => o.masterId === placed[0].masterId,
      ),
    ).toBe(false);
  });

  it("cancels an unpaid order once; cancelling again changes nothing; a cancelled order cannot be paid", async () => {
    const order = await placeOrder(server, alice);
    const cancelled = await post(
      server,
      "order/v1/cancel",
      { masterOrderNo: order.masterOrderNo },
      alice,
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe("cancelled");
    expect(
      cancelled.body.data.timeline.map((t: any) => [t.from, t.status, t.actor]),
    ).toEqual([
      [null, "pending_payment", "user"],
      ["pending_payment", "cancelled", "user"],
    ]);
    const again = await post(
      server,
      "order/v1/cancel",
      { masterId: order.masterId },
      alice,
    );
    expect(again.status).toBe(200);
    expect(again.body.data.timeline).toHaveLength(2);
    const pay = await post(
      server,
      "pay/v1/native",
      { masterId: order.masterId },
      alice,
    );
    expect(pay.status).toBe(409);
    expect(pay.body.msg).toBe(
      `order ${order.masterOrderNo} is cancelled; it cannot be paid`,
    );
  });

  it("refuses every illegal transition and keeps the status", async () => {
    const order = await placeOrder(server, alice);
    const now = new Date(server.clock.now);
    const move = (to: any) =>
      transitionOrder(server.db, {
        orderId: order.masterId,
        to,
        actor: "admin",
        now,
      });
    for (const to of ["in_service", "completed", "refunded"])
      await expect(move(to)).rejects.toMatchObject({
        status: 409,
        from: "pending_payment",
        to,
      });
    await move("paid");
    for (const to of ["pending_payment", "completed", "cancelled"])
      await expect(move(to)).rejects.toMatchObject({
        status: 409,
        from: "paid",
      });
    await move("in_service");
    // NOTE: in service → refunded is a refund WeChat Pay completed (#22), not refused here.
    for (const to of ["paid", "cancelled"])
      await expect(move(to)).rejects.toMatchObject({
        status: 409,
        from: "in_service",
      });
    expect((await move("completed")).changed).toBe(true);
    expect((await move("completed")).changed).toBe(false);
    for (const to of [
      "paid",
      "in_service",
      "refunded",
      "cancelled",
      "pending_payment",
    ])
      await expect(move(to)).rejects.toMatchObject({
        status: 409,
        from: "completed",
      });
    const cancel = await post(
      server,
      "order/v1/cancel",
      { masterId: order.masterId },
      alice,
    );
    expect(cancel.status).toBe(409);
    expect(cancel.body.msg).toBe(
      `order ${order.masterOrderNo} is completed; it cannot become cancelled`,
    );
    const [row] = await server.db
      .select()
      .from(orders)
      .where(eq(orders.id, order.masterId));
    expect(row?.status).toBe("completed");
    const detail = await get(
      server,
      `order/v1/detail?masterId=${order.masterId}`,
      alice,
    );
    expect(detail.body.data.timeline.map((t: any) => t.status)).toEqual([
      "pending_payment",
      "paid",
      "in_service",
      "completed",
    ]);
  });

  it("limits unpaid orders per user", async () => {
    const dave = await signIn(server);
    for (let i = 0; i < 10; i++) await placeOrder(server, dave);
    const product = await productAsking(server, {
      beneficiary: true,
      wish: true,
      birthDate: false,
    });
    const eleventh = await post(
      server,
      "order/v1/create",
      {
        productId: product.id,
        optionId: product.options[0]!.id,
        quantity: 1,
        beneficiaryName: "王",
        wish: "安",
      },
      dave,
    );
    expect(eleventh.status).toBe(429);
  });

  it("lets an admin refund a paid order and move it through service, never skipping a step", async () => {
    const lines: string[] = [];
    const admin = (...argv: string[]) =>
      runAdmin(argv, {
        db: server.db,
        now: () => server.clock.now,
        out: (line) => lines.push(line),
        sweep: () => server.app.commerce.sweeper.runOnce(),
        ban: () => Promise.resolve(),
      });
    const unpaid = await placeOrder(server, alice);
    expect(await admin("order:refund", unpaid.masterOrderNo)).toBe(1);
    expect(lines.at(-1)).toBe(
      `refused: order ${unpaid.masterOrderNo} is pending payment; it cannot become refunded`,
    );
    const refunded = await placeOrder(server, alice);
    await transitionOrder(server.db, {
      orderId: refunded.masterId,
      to: "paid",
      actor: "wechat_pay",
      now: new Date(server.clock.now),
    });
    expect(await admin("order:refund", refunded.masterOrderNo)).toBe(0);
    expect(lines.at(-1)).toBe(
      `order ${refunded.masterOrderNo}: paid → refunded`,
    );
    expect(await admin("order:refund", refunded.masterOrderNo)).toBe(0);
    expect(lines.at(-1)).toBe(
      `order ${refunded.masterOrderNo} is already refunded`,
    );
    const served = await placeOrder(server, alice);
    await transitionOrder(server.db, {
      orderId: served.masterId,
      to: "paid",
      actor: "wechat_pay",
      now: new Date(server.clock.now),
    });
    expect(await admin("order:complete", served.masterOrderNo)).toBe(1);
    expect(await admin("order:start", served.masterOrderNo)).toBe(0);
    expect(await admin("order:complete", served.masterOrderNo)).toBe(0);
    expect(await admin("order:refund", served.masterOrderNo)).toBe(1);
    const detail = await get(
      server,
      `order/v1/detail?masterId=${refunded.masterId}`,
      alice,
    );
    expect(detail.body.data.status).toBe("refunded");
    expect(detail.body.data.refundedAt).not.toBeNull();
    expect(detail.body.data.timeline.at(-1)).toMatchObject({
      actor: "admin",
      note: "refunded by an administrator",
    });
    expect(await admin("order:sweep")).toBe(0);
    expect(lines.at(-1)).toMatch(
      /^reconciled \d+, cancelled \d+, left for later \d+$/,
    );
  });
});
