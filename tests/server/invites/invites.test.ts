// Invites over HTTP: my code and my inviter's, binding once (unknown code, own code, a cycle
// A→B→C→A, a second binding and concurrent opposite bindings refused), records of the people I
// invited with their paid orders, the whole tree for an approved manager, and no one else's.
import { eq } from "drizzle-orm";
import { orders, users } from "../../../server/db/schema";
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

describeEachDatabase("invites", (database) => {
  let server: CommerceServer;
  beforeAll(async () => {
    server = await startCommerceServer(database);
  });
  afterAll(() => server.close());

  const codeOf = async (who: Customer): Promise<string> =>
    (await get(server, "user/getUserInfoWithInviteCodes", who)).body.data
      .inviteCode;
  const bind = (who: Customer, parentInviteCode: string) =>
    post(server, "user/bindParentInviteCode", { parentInviteCode }, who);

  it("shows my code, binds my inviter once and refuses what would break the tree", async () => {
    const [a, b, c] = [
      await signIn(server),
      await signIn(server),
      await signIn(server),
    ];
    const mine = await get(server, "user/getUserInfoWithInviteCodes", a);
    expect(mine.body.data).toMatchObject({
      userId: a.userId,
      parentInviteCode: null,
      parent: null,
      isManager: 0,
    });
    expect(mine.body.data.inviteCode).toMatch(/^[A-Z2-9]{8}$/);

    expect((await bind(b, await codeOf(a))).status).toBe(200); // A invited B
    const bound = await bind(c, (await codeOf(b)).toLowerCase()); // B invited C
    expect(bound.status).toBe(200);
    expect(bound.body.data.parentInviteCode).toBe(await codeOf(b));
    expect(bound.body.data.parent).toMatchObject({
      inviteCode: await codeOf(b),
    });

    const cycle = await bind(a, await codeOf(c)); // C → A would close A→B→C→A
    expect(cycle.status).toBe(409);
    expect(cycle.body.reason).toBe("INVITE_CYCLE");
    expect(cycle.body.msg).toBe(
      "that inviter was invited (directly or not) by you: binding would make a cycle",
    );
    const direct = await bind(a, await codeOf(b));
    expect(direct.status).toBe(409);
    expect(direct.body.reason).toBe("INVITE_CYCLE");
    const own = await bind(a, await codeOf(a));
    expect(own.body).toMatchObject({
      code: 400,
      data: null,
      msg: "body/parentInviteCode is your own invite code",
      reason: "INVITE_CODE_OWN",
    });
    const unknown = await bind(a, "ZZZZZZZZ");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      reason: "INVITE_CODE_UNKNOWN",
      params: { code: "ZZZZZZZZ" },
    });
    const second = await bind(c, await codeOf(a));
    expect(second.status).toBe(409);
    expect(second.body.msg).toBe(
      "you already have an inviter; it cannot be changed",
    );
    const [aRow] = await server.db
      .select()
      .from(users)
      .where(eq(users.id, a.userId));
    expect(aRow?.parentUserId).toBeNull();
    const [cRow] = await server.db
      .select()
      .from(users)
      .where(eq(users.id, c.userId));
    expect(cRow?.parentUserId).toBe(b.userId);
  });

  it("lets only one of two concurrent opposite bindings through", async () => {
    const [x, y] = [await signIn(server), await signIn(server)];
    const [xCode, yCode] = [await codeOf(x), await codeOf(y)];
    const answers = await Promise.all([bind(x, yCode), bind(y, xCode)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await server.db
      .select()
      .from(users)
      .where(eq(users.id, x.userId));
    const other = await server.db
      .select()
      .from(users)
      .where(eq(users.id, y.userId));
    expect(
      [rows[0]?.parentUserId, other[0]?.parentUserId].filter((p) => p !== null),
    ).toHaveLength(1);
  });

  it("lists the people I invited with their paid orders; a manager sees the whole tree", async () => {
    const root = await signIn(server);
    const [kid1, kid2] = [await signIn(server), await signIn(server)];
    const grandkid = await signIn(server);
    await bind(kid1, await codeOf(root));
    await bind(kid2, await codeOf(root));
    await bind(grandkid, await codeOf(kid1));
    const pay = async (who: Customer, quantity: number) => {
      const order = await placeOrder(server, who, { quantity });
      await transitionOrder(server.db, {
        orderId: order.masterId,
        to: "paid",
        actor: "wechat_pay",
        now: new Date(),
      });
      return order.totalFen as number;
    };
    const kid1Fen = (await pay(kid1, 1)) + (await pay(kid1, 2));
    await placeOrder(server, kid1); // unpaid: not counted
    const grandFen = await pay(grandkid, 3);

    const direct = await get(server, "invite/v1/records", root);
    expect(direct.status).toBe(200);
    expect(direct.body.data).toMatchObject({
      scope: "direct",
      total: 2,
      totals: { people: 2, buyers: 1, paidOrders: 2, paidFen: kid1Fen },
    });
    const kid1Record = direct.body.data.list.find(
      (r: any) => r.paidOrders === 2,
    );
    expect(kid1Record).toMatchObject({ depth: 1, paidFen: kid1Fen });
    expect(Date.parse(kid1Record.joinedAt)).not.toBeNaN();
    expect(Object.keys(kid1Record).sort()).toEqual([
      "depth",
      "joinedAt",
      "nickname",
      "paidFen",
      "paidOrders",
    ]);

    await server.db
      .update(users)
      .set({ isManager: 1 })
      .where(eq(users.id, root.userId));
    const tree = await get(server, "invite/v1/records?pageSize=2", root);
    expect(tree.body.data).toMatchObject({
      scope: "tree",
      total: 3,
      totals: {
        people: 3,
        buyers: 2,
        paidOrders: 3,
        paidFen: kid1Fen + grandFen,
      },
    });
    expect(tree.body.data.list.map((r: any) => r.depth)).toEqual([1, 1]);
    const page2 = await get(
      server,
      "invite/v1/records?pageSize=2&page=2",
      root,
    );
    expect(page2.body.data.list).toEqual([
      expect.objectContaining({ depth: 2, paidOrders: 1, paidFen: grandFen }),
    ]);

    const stranger = await signIn(server);
    const theirs = await get(server, "invite/v1/records", stranger);
    expect(theirs.body.data).toMatchObject({
      total: 0,
      list: [],
      totals: { people: 0, buyers: 0, paidOrders: 0, paidFen: 0 },
    });
    const kidView = await get(server, "invite/v1/records", kid2);
    expect(kidView.body.data.total).toBe(0);
    expect((await get(server, "invite/v1/records")).status).toBe(401);
    const unpaid = await server.db
      .select()
      .from(orders)
      .where(eq(orders.userId, kid1.userId));
    expect(unpaid).toHaveLength(3);
  });

  it("shows each invitee by a masked name only: no phone, IM id or avatar, for a manager or not", async () => {
    const manager = await signIn(server);
    const named = async (nickname: string) => {
      const who = await signIn(server);
      await server.db
        .update(users)
        .set({ nickname, avatarUrl: `/avatars/${who.imId}.png` })
        .where(eq(users.id, who.userId));
      return who;
    };
    const zhang = await named("张三丰");
    const alice = await named("Alice");
    const li = await named("李");
    await bind(zhang, await codeOf(manager));
    await bind(alice, await codeOf(zhang));
    await bind(li, await codeOf(alice));
    const invitees = [zhang, alice, li];
    const leaks = (body: unknown) => {
      const text = JSON.stringify(body);
      return invitees.flatMap((who) =>
        [who.phone, who.imId, "张三丰", "Alice", "avatars"].filter((secret) =>
          text.includes(secret),
        ),
      );
    };

    const direct = await get(server, "invite/v1/records", manager);
    expect(direct.body.data.scope).toBe("direct");
    expect(direct.body.data.list.map((r: any) => r.nickname)).toEqual(["张**"]);
    expect(leaks(direct.body)).toEqual([]);

    await server.db
      .update(users)
      .set({ isManager: 1 })
      .where(eq(users.id, manager.userId));
    const tree = await get(server, "invite/v1/records", manager);
    expect(tree.body.data.scope).toBe("tree");
    expect(tree.body.data.list.map((r: any) => [r.depth, r.nickname])).toEqual([
      [1, "张**"],
      [2, "A***"],
      [3, "李**"],
    ]);
    for (const record of tree.body.data.list)
      expect(Object.keys(record).sort()).toEqual([
        "depth",
        "joinedAt",
        "nickname",
        "paidFen",
        "paidOrders",
      ]);
    expect(leaks(tree.body)).toEqual([]);
    // The invitee in the middle is no manager: he sees only his own direct invitee.
    const middle = await get(server, "invite/v1/records", alice);
    expect(middle.body.data).toMatchObject({
      scope: "direct",
      total: 1,
      list: [{ depth: 1, nickname: "李**" }],
    });
  });
});
