// The blessing wall over HTTP: only paid orders whose owners consented, newest first, names
// masked; one blessing by id (others 404); joining once per user with a count, and the caller's
// joined flag; refunds leave the wall.
import { eq } from "drizzle-orm";
import { users } from "../../../server/db/schema";
import { maskName } from "../../../server/domain/blessing/maskName";
import { transitionOrder } from "../../../server/domain/orders/transitionOrder";
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

describe("maskName", () => {
  it.each([
    ["王小明", "王*明"],
    ["张三", "张*"],
    ["李", "李*"],
    ["欧阳娜娜子", "欧***子"],
    ["Alexander", "A***r"],
    ["  ", ""],
  ])("%s → %s", (name, masked) => {
    expect(maskName(name)).toBe(masked);
  });
});

describeEachDatabase("blessing wall", (database) => {
  let server: CommerceServer;
  let owner: Customer;
  let fan: Customer;

  beforeAll(async () => {
    server = await startCommerceServer(database);
    owner = await signIn(server);
    fan = await signIn(server);
    await server.db
      .update(users)
      .set({ nickname: "善信陈大文" })
      .where(eq(users.id, owner.userId));
  });
  afterAll(() => server.close());

  const paid = async (overrides: Record<string, unknown>) => {
    const order = await placeOrder(server, owner, overrides);
    server.clock.advance(1000);
    await transitionOrder(server.db, {
      orderId: order.masterId,
      to: "paid",
      actor: "wechat_pay",
      now: new Date(server.clock.now),
    });
    return order;
  };

  it("shows consenting paid orders only, newest first, masked", async () => {
    const before = (await get(server, "oapi/v1/blessings")).body.data
      .total as number;
    const first = await paid({ wish: "愿父母安康", beneficiaryName: "陈小红" });
    const second = await paid({ wish: "学业进步", beneficiaryName: "陈明" });
    const hidden = await paid({ showOnWall: false });
    const unpaid = await placeOrder(server, owner);
    const list = await get(server, "oapi/v1/blessings?locale=en&pageSize=2");
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(before + 2);
    expect(list.body.data.list.map((b: any) => b.id)).toEqual([
      second.masterId,
      first.masterId,
    ]);
    expect(list.body.data.list[1]).toEqual({
      id: first.masterId,
      productTitle: expect.stringMatching(/[A-Za-z]/),
      category: first.product.category,
      beneficiary: "陈*红",
      owner: "善***文",
      wish: "愿父母安康",
      blessedAt: expect.any(String),
      joinCount: 0,
      joined: false,
    });
    for (const id of [hidden.masterId, unpaid.masterId, 2147483647]) {
      const one = await get(server, `oapi/v1/blessings/${id}`);
      expect(one.status, String(id)).toBe(404);
      expect((await post(server, "blessing/v1/join", { id }, fan)).status).toBe(
        404,
      );
    }
    expect(JSON.stringify(list.body.data)).not.toContain("陈小红");
  });

  it("joins once per user, counts joins and tells the caller", async () => {
    const order = await paid({ wish: "家宅平安" });
    expect(
      (await post(server, "blessing/v1/join", { id: order.masterId })).status,
    ).toBe(401);
    const joined = await post(
      server,
      "blessing/v1/join",
      { id: order.masterId },
      fan,
    );
    expect(joined.body.data).toEqual({
      id: order.masterId,
      joinCount: 1,
      joined: true,
    });
    const again = await post(
      server,
      "blessing/v1/join",
      { id: order.masterId },
      fan,
    );
    expect(again.body.data.joinCount).toBe(1);
    const byOwner = await post(
      server,
      "blessing/v1/join",
      { id: order.masterId },
      owner,
    );
    expect(byOwner.body.data.joinCount).toBe(2);
    const anonymous = await get(server, `oapi/v1/blessings/${order.masterId}`);
    expect(anonymous.body.data).toMatchObject({ joinCount: 2, joined: false });
    const mine = await get(server, `oapi/v1/blessings/${order.masterId}`, fan);
    expect(mine.body.data).toMatchObject({ joinCount: 2, joined: true });
    const stranger = await signIn(server);
    expect(
      (await get(server, `oapi/v1/blessings/${order.masterId}`, stranger)).body
        .data.joined,
    ).toBe(false);
    const badToken = await get(server, "oapi/v1/blessings", {
      ...fan,
      token: "not-a-token",
    });
    expect(badToken.status).toBe(401);
  });

  it("drops a refunded order from the wall", async () => {
    const order = await paid({ wish: "还愿" });
    expect(
      (await get(server, `oapi/v1/blessings/${order.masterId}`)).status,
    ).toBe(200);
    await transitionOrder(server.db, {
      orderId: order.masterId,
      to: "refunded",
      actor: "admin",
      now: new Date(server.clock.now),
    });
    expect(
      (await get(server, `oapi/v1/blessings/${order.masterId}`)).status,
    ).toBe(404);
  });
});
