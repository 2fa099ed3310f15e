// The admin pages' API (#22) over real HTTP on both databases: manager applications (list by
// status with masked phones, approve, reject with the reason the applicant reads), users' roles
// (find, grant, revoke, never one's own admin role, not even by two admins at once), bans, and
// the audit viewer; each change writes its audit record, and every role but admin gets 403.
import { eq } from "drizzle-orm";
import { users } from "../../../server/db/schema";
import { describeEachDatabase } from "../../support/server/testDb";
import {
  type CommerceServer,
  type Customer,
  DEMO_PHONES,
  get,
  post,
  signIn,
  startCommerceServer,
} from "../orders/commerceApi";
import { auditOf, signInAdmin } from "./adminSupport";

const READS = [
  "admin/v1/managerApplications",
  "admin/v1/users?q=demo",
  "admin/v1/audit",
];
const WRITES: [string, unknown][] = [
  ["admin/v1/managerApplications/approve", { id: 1 }],
  ["admin/v1/managerApplications/reject", { id: 1, reason: "不合适" }],
  ["admin/v1/users/role", { imId: "demo_monk", role: "admin", on: true }],
  ["admin/v1/users/ban", { imId: "demo_monk", banned: true }],
];

describeEachDatabase("admin pages API", (database) => {
  let server: CommerceServer;
  let admin: Customer;

  beforeAll(async () => {
    server = await startCommerceServer(database);
    admin = await signInAdmin(server);
  });
  afterAll(() => server.close());

  const apply = (who: Customer, name: string) =>
    post(
      server,
      "manager/v1/apply",
      {
        name,
        phone: "13912345678",
        region: "浙江杭州",
        reason: "我在社区组织祈福活动",
      },
      who,
    );

  it("refuses everyone but an admin: a user, staff, a monk, a manager", async () => {
    const others = [
      await signIn(server),
      await signIn(server, DEMO_PHONES.service),
      await signIn(server, DEMO_PHONES.monk),
      await signIn(server, DEMO_PHONES.manager),
    ];
    for (const who of others) {
      for (const path of READS) {
        const reply = await get(server, path, who);
        expect([path, reply.status, reply.body.reason]).toEqual([
          path,
          403,
          "FORBIDDEN",
        ]);
      }
      for (const [path, body] of WRITES) {
        const reply = await post(server, path, body, who);
        expect([path, reply.status, reply.body.reason]).toEqual([
          path,
          403,
          "FORBIDDEN",
        ]);
      }
    }
    const monk = await server.db
      .select({ isAdmin: users.isAdmin, banned: users.banned })
      .from(users)
      .where(eq(users.imId, "demo_monk"));
    expect(monk).toEqual([{ isAdmin: 0, banned: false }]);
    const anonymous = await get(server, "admin/v1/audit");
    expect(anonymous.status).toBe(401);
  });

  it("lists applications by status, approves one (audited) and rejects another with a reason the applicant reads", async () => {
    const ann = await signIn(server);
    const ben = await signIn(server);
    expect((await apply(ann, "陈静")).status).toBe(200);
    expect((await apply(ben, "李明")).status).toBe(200);

    const pending = await get(
      server,
      "admin/v1/managerApplications?status=pending&pageSize=50",
      admin,
    );
    expect(pending.status).toBe(200);
    const mine = pending.body.data.list.filter((a: any) =>
      [ann.imId, ben.imId].includes(a.applicant.imId),
    );
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      status: "pending",
      name: "陈静",
      phone: "139****5678",
      region: "浙江杭州",
      applicant: { userId: ann.userId, imId: ann.imId },
      decidedAt: null,
      rejectReason: null,
    });
    expect(JSON.stringify(pending.body)).not.toContain("13912345678");

    const onePage = await get(
      server,
      "admin/v1/managerApplications?pageSize=1&page=2",
      admin,
    );
    expect(onePage.body.data).toMatchObject({ page: 2, pageSize: 1 });
    expect(onePage.body.data.list).toHaveLength(1);
    expect(onePage.body.data.total).toBe(pending.body.data.total);

    const annId = mine[0].id as number;
    const benId = mine[1].id as number;
    const approved = await post(
      server,
      "admin/v1/managerApplications/approve",
      { id: annId },
      admin,
    );
    expect(approved.status).toBe(200);
    const annInfo = await get(server, "manager/v1/info", ann);
    expect(annInfo.body.data).toMatchObject({
      status: "approved",
      isManager: 1,
    });
    const again = await post(
      server,
      "admin/v1/managerApplications/reject",
      { id: annId, reason: "重复" },
      admin,
    );
    expect([again.status, again.body.reason]).toEqual([
      409,
      "MANAGER_APPLICATION_DECIDED",
    ]);

    const blank = await post(
      server,
      "admin/v1/managerApplications/reject",
      { id: benId, reason: " \u200b " },
      admin,
    );
    expect([blank.status, blank.body.reason]).toEqual([
      400,
      "REJECTION_REASON_REQUIRED",
    ]);
    const rejected = await post(
      server,
      "admin/v1/managerApplications/reject",
      { id: benId, reason: " 请补充您组织活动的经历 " },
      admin,
    );
    expect(rejected.status).toBe(200);
    const benInfo = await get(server, "manager/v1/info", ben);
    expect(benInfo.body.data).toMatchObject({
      status: "rejected",
      isManager: 0,
      rejectReason: "请补充您组织活动的经历",
    });
    const missing = await post(
      server,
      "admin/v1/managerApplications/approve",
      { id: 2_000_000 },
      admin,
    );
    expect([missing.status, missing.body.reason]).toEqual([
      404,
      "MANAGER_APPLICATION_NOT_FOUND",
    ]);

    const byStatus = async (status: string) =>
      (
        await get(
          server,
          `admin/v1/managerApplications?status=${status}&pageSize=50`,
          admin,
        )
      ).body.data.list.map((a: any) => a.id);
    expect(await byStatus("approved")).toContain(annId);
    expect(await byStatus("rejected")).toContain(benId);
    expect(await byStatus("pending")).not.toContain(annId);

    const [approval] = await auditOf(server, "manager.approve");
    expect(approval).toMatchObject({
      actorUserId: admin.userId,
      targetType: "managerApplication",
      targetId: String(annId),
      details: { userId: ann.userId },
    });
    const [rejection] = await auditOf(server, "manager.reject");
    expect(rejection).toMatchObject({
      actorUserId: admin.userId,
      targetId: String(benId),
      details: { userId: ben.userId, reason: "请补充您组织活动的经历" },
    });
    // NOTE: the refusals changed nothing and wrote nothing.
    expect(await auditOf(server, "manager.reject")).toHaveLength(1);
  });

  it("finds users by IM id, nickname or phone digits, with masked phones and their roles", async () => {
    const carol = await signIn(server);
    await server.db
      .update(users)
      .set({ nickname: "Carol_找我%" })
      .where(eq(users.id, carol.userId));
    const byIm = await get(server, `admin/v1/users?q=${carol.imId}`, admin);
    expect(byIm.status).toBe(200);
    expect(byIm.body.data.list[0]).toMatchObject({
      userId: carol.userId,
      imId: carol.imId,
      nickname: "Carol_找我%",
      phone: `${carol.phone.slice(0, 3)}****${carol.phone.slice(-4)}`,
      roles: [],
      banned: false,
    });
    expect(JSON.stringify(byIm.body)).not.toContain(carol.phone);
    const byNick = await get(
      server,
      `admin/v1/users?q=${encodeURIComponent("ol_找我%")}`,
      admin,
    );
    expect(byNick.body.data.list.map((u: any) => u.userId)).toEqual([
      carol.userId,
    ]);
    // NOTE: `_` and `%` are literal, not wildcards.
    const wild = await get(
      server,
      `admin/v1/users?q=${encodeURIComponent("%")}`,
      admin,
    );
    expect(wild.body.data.list.map((u: any) => u.userId)).toEqual([
      carol.userId,
    ]);
    const byPhone = await get(
      server,
      `admin/v1/users?q=${carol.phone.slice(-8)}`,
      admin,
    );
    expect(byPhone.body.data.list.map((u: any) => u.userId)).toContain(
      carol.userId,
    );
    const staff = await get(server, "admin/v1/users?q=demo_service", admin);
    expect(staff.body.data.list[0]).toMatchObject({
      imId: "demo_service",
      roles: ["service"],
    });
    const none = await get(server, "admin/v1/users?q=nobody-like-this", admin);
    expect(none.body.data).toMatchObject({ list: [], total: 0 });
  });

  it("grants and revokes roles (audited), never the caller's own admin role", async () => {
    const dan = await signIn(server);
    const granted = await post(
      server,
      "admin/v1/users/role",
      { imId: dan.imId, role: "monk", on: true },
      admin,
    );
    expect(granted.status).toBe(200);
    expect(granted.body.data).toMatchObject({
      imId: dan.imId,
      roles: ["monk"],
    });
    const service = await post(
      server,
      "admin/v1/users/role",
      { imId: dan.imId, role: "service", on: true },
      admin,
    );
    expect(service.body.data.roles).toEqual(["service", "monk"]);
    const revoked = await post(
      server,
      "admin/v1/users/role",
      { imId: dan.imId, role: "monk", on: false },
      admin,
    );
    expect(revoked.body.data.roles).toEqual(["service"]);
    const [last] = await auditOf(server, "user.role");
    expect(last).toMatchObject({
      actorUserId: admin.userId,
      targetType: "user",
      targetId: String(dan.userId),
      details: { role: "monk", on: false, by: "admin" },
    });
    // The staff desk now lets Dan in: the role took effect.
    const desk = await get(server, "order/v1/staff/list", dan);
    expect(desk.status).toBe(200);

    const own = await post(
      server,
      "admin/v1/users/role",
      { imId: admin.imId, role: "admin", on: false },
      admin,
    );
    expect([own.status, own.body.reason]).toEqual([409, "ADMIN_OWN_ROLE"]);
    const unknown = await post(
      server,
      "admin/v1/users/role",
      { imId: "no-such-im-id", role: "monk", on: true },
      admin,
    );
    expect([unknown.status, unknown.body.reason]).toEqual([
      404,
      "ACCOUNT_NOT_FOUND",
    ]);
    const badRole = await post(
      server,
      "admin/v1/users/role",
      { imId: dan.imId, role: "abbot", on: true },
      admin,
    );
    expect([badRole.status, badRole.body.reason]).toEqual([
      400,
      "INVALID_FIELD",
    ]);
  });

  it("two admins revoking each other at once leave one admin", async () => {
    const eve = await signInAdmin(server);
    const fay = await signInAdmin(server);
    const [a, b] = await Promise.all([
      post(
        server,
        "admin/v1/users/role",
        { imId: fay.imId, role: "admin", on: false },
        eve,
      ),
      post(
        server,
        "admin/v1/users/role",
        { imId: eve.imId, role: "admin", on: false },
        fay,
      ),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 403]);
    const left = await server.db
      .select({ isAdmin: users.isAdmin })
      .from(users)
      .where(eq(users.id, a.status === 200 ? eve.userId : fay.userId));
    expect(left).toEqual([{ isAdmin: 1 }]);
  });

  it("bans a user (their session ends), lifts the ban, and never bans an admin", async () => {
    const gus = await signIn(server);
    expect((await get(server, "user/v1/info", gus)).status).toBe(200);
    const banned = await post(
      server,
      "admin/v1/users/ban",
      { imId: gus.imId, banned: true },
      admin,
    );
    expect(banned.status).toBe(200);
    expect(banned.body.data).toMatchObject({ imId: gus.imId, banned: true });
    const after = await get(server, "user/v1/info", gus);
    expect(after.status).toBe(401);
    const lifted = await post(
      server,
      "admin/v1/users/ban",
      { imId: gus.imId, banned: false },
      admin,
    );
    expect(lifted.body.data.banned).toBe(false);
    server.clock.advance(61_000);
    expect((await signIn(server, gus.phone)).userId).toBe(gus.userId);

    const other = await signInAdmin(server);
    const refused = await post(
      server,
      "admin/v1/users/ban",
      { imId: other.imId, banned: true },
      admin,
    );
    expect([refused.status, refused.body.reason]).toEqual([
      409,
      "ADMIN_NOT_BANNABLE",
    ]);
    const [row] = await server.db
      .select({ banned: users.banned })
      .from(users)
      .where(eq(users.id, other.userId));
    expect(row!.banned).toBe(false);
    expect((await get(server, "user/v1/info", other)).status).toBe(200);
    expect((await auditOf(server, "user.ban"))[0]).toMatchObject({
      actorUserId: admin.userId,
      targetId: String(gus.userId),
    });
    expect(await auditOf(server, "user.unban")).toHaveLength(1);
  });

  it("shows the audit log newest first, filtered by action and by actor, with who, what, target and when", async () => {
    const hal = await signIn(server);
    await post(
      server,
      "admin/v1/users/role",
      { imId: hal.imId, role: "manager", on: true },
      admin,
    );
    const all = await get(server, "admin/v1/audit?pageSize=50", admin);
    expect(all.status).toBe(200);
    const ids = all.body.data.list.map((e: any) => e.id as number);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(all.body.data.list[0]).toMatchObject({
      action: "user.role",
      actor: { userId: admin.userId, imId: admin.imId },
      targetType: "user",
      targetId: String(hal.userId),
      targetLabel: expect.stringContaining(`(${hal.imId})`),
      details: { role: "manager", on: true },
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const approvals = await get(
      server,
      "admin/v1/audit?action=manager.approve",
      admin,
    );
    expect(approvals.body.data.list.length).toBeGreaterThan(0);
    expect(
      approvals.body.data.list.every(
        (e: any) => e.action === "manager.approve",
      ),
    ).toBe(true);
    expect(approvals.body.data.list[0].targetLabel).toMatch(/\(.+\)$/);

    const byOther = await get(
      server,
      `admin/v1/audit?actor=${hal.imId}`,
      admin,
    );
    expect(byOther.body.data).toMatchObject({ list: [], total: 0 });
    const byMe = await get(
      server,
      `admin/v1/audit?actor=${admin.imId}&pageSize=2`,
      admin,
    );
    expect(byMe.body.data.list).toHaveLength(2);
    expect(byMe.body.data.total).toBeGreaterThan(2);
    expect(
      byMe.body.data.list.every((e: any) => e.actor.imId === admin.imId),
    ).toBe(true);
    const unknownAction = await get(server, "admin/v1/audit?action=x", admin);
    expect(unknownAction.status).toBe(400);
  });
});
