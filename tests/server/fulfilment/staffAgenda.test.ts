// The desk's agenda and search (#22) over real HTTP on both databases: a monk's agenda lists the
// orders in service by planned date (the overdue one first), then those to start, oldest paid
// first, paged on the server; staff see the same across monks, another monk sees none of it; the
// search finds an order by number, nickname or IM id in any case, treats LIKE wildcards as
// letters, stays within a monk's services and refuses an over-long text.
import { FULFILMENT_LIMITS } from "#contract";
import { eq } from "drizzle-orm";
import { orders, users } from "../../../server/db/schema";
import { describeEachDatabase } from "../../support/server/testDb";
import {
  type CommerceServer,
  type Customer,
  get,
  post,
  signIn,
  startCommerceServer,
} from "../orders/commerceApi";
import { paidOrderOfDemoMonk, type TempleTeam, templeTeam } from "./templeSide";

const DAY = 86_400_000;

describeEachDatabase("the desk's agenda and search", (database) => {
  let server: CommerceServer;
  let team: TempleTeam;

  beforeAll(async () => {
    server = await startCommerceServer(database);
    team = await templeTeam(server);
  });
  afterAll(() => server.close());

  const inDays = (days: number) =>
    new Date(server.clock() + days * DAY).toISOString();
  const start = async (masterId: number, plannedAt: string) => {
    const answer = await post(
      server,
      "order/v1/fulfil",
      { masterId, status: "in_service", plannedAt },
      team.monk,
    );
    expect(answer.status).toBe(200);
  };
  const list = async (query: string, who: Customer) => {
    const answer = await get(server, `order/v1/staff/list?${query}`, who);
    expect(answer.status).toBe(200);
    return {
      ids: (answer.body.data.list as { masterId: number }[]).map(
        (o) => o.masterId,
      ),
      total: answer.body.data.total as number,
    };
  };

  it("lists the agenda by planned date, overdue first, then the orders to start, oldest paid first", async () => {
    const bob = await signIn(server);
    const made: number[] = [];
    for (let i = 0; i < 6; i++)
      made.push((await paidOrderOfDemoMonk(server, bob)).masterId);
    const [paidLater, paidEarlier, inTwoDays, tomorrow, overdue, done] =
      made as [number, number, number, number, number, number];
    // NOTE: paid_at set by hand, so "oldest paid first" is not the id order.
    await server.db
      .update(orders)
      .set({ paidAt: new Date(server.clock() - 3 * DAY) })
      .where(eq(orders.id, paidEarlier));
    await server.db
      .update(orders)
      .set({ paidAt: new Date(server.clock() - DAY) })
      .where(eq(orders.id, paidLater));
    await start(inTwoDays, inDays(2));
    await start(tomorrow, inDays(1));
    await start(overdue, inDays(1));
    await server.db
      .update(orders)
      .set({ plannedAt: new Date(server.clock() - 2 * DAY) })
      .where(eq(orders.id, overdue));
    await start(done, inDays(1));
    await server.db
      .update(orders)
      .set({ status: "completed" })
      .where(eq(orders.id, done));

    const expected = [overdue, tomorrow, inTwoDays, paidEarlier, paidLater];
    const mine = `queue=agenda&userId=${String(bob.userId)}`;
    expect(await list(mine, team.monk)).toEqual({ ids: expected, total: 5 });
    expect(await list(mine, team.staff)).toEqual({ ids: expected, total: 5 });
    expect(await list(`${mine}&pageSize=2&page=2`, team.monk)).toEqual({
      ids: [inTwoDays, paidEarlier],
      total: 5,
    });
    expect(await list(mine, team.otherMonk)).toEqual({ ids: [], total: 0 });
    const refused = await get(
      server,
      `order/v1/staff/list?${mine}`,
      team.manager,
    );
    expect(refused.body.reason).toBe("FORBIDDEN");
    const nobody = await get(server, `order/v1/staff/list?${mine}`, bob);
    expect(nobody.body.reason).toBe("FORBIDDEN");
  });

  it("searches by order number, nickname or IM id, wildcards as letters, within a monk's scope", async () => {
    const carol = await signIn(server);
    await server.db
      .update(users)
      .set({ nickname: "Carol_荷花" })
      .where(eq(users.id, carol.userId));
    const dave = await signIn(server);
    await server.db
      .update(users)
      .set({ nickname: "DaveX荷花" })
      .where(eq(users.id, dave.userId));
    const carols = (await paidOrderOfDemoMonk(server, carol)).masterId;
    const daves = await paidOrderOfDemoMonk(server, dave);
    const search = (q: string, who: Customer = team.staff) =>
      list(`queue=all&pageSize=50&q=${encodeURIComponent(q)}`, who);

    expect(await search(daves.masterOrderNo.slice(-8))).toEqual({
      ids: [daves.masterId],
      total: 1,
    });
    expect((await search("carol_")).ids).toEqual([carols]);
    expect((await search("  荷花 ")).ids.sort()).toEqual(
      [carols, daves.masterId].sort(),
    );
    expect((await search(dave.imId.toUpperCase())).ids).toEqual([
      daves.masterId,
    ]);
    // "_" and "%" are letters here, not LIKE's wildcards: "l_荷" is only Carol's.
    expect((await search("l_荷")).ids).toEqual([carols]);
    expect((await search("x%荷")).ids).toEqual([]);
    expect((await search("e_荷")).ids).toEqual([]);
    expect((await search("荷花", team.monk)).total).toBe(2);
    expect((await search("荷花", team.otherMonk)).total).toBe(0);
    // Blank: no search at all.
    const everything = await list("queue=all&pageSize=1", team.staff);
    expect((await search("   ")).total).toBe(everything.total);
    // The search narrows a queue too.
    expect(
      (
        await list(
          `queue=to_start&q=${encodeURIComponent("Carol_")}`,
          team.staff,
        )
      ).ids,
    ).toEqual([carols]);

    const long = "荷".repeat(FULFILMENT_LIMITS.searchMaxChars + 1);
    const refused = await get(
      server,
      `order/v1/staff/list?q=${encodeURIComponent(long)}`,
      team.staff,
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      reason: "INVALID_FIELD",
      params: { field: "q" },
    });
  });
});
