// Manager applications over HTTP and the admin commands: apply (validation, one pending at a
// time), info (none / pending / approved / rejected with dates and reason), approve and reject
// through runAdmin (approval sets isManager), re-applying after a rejection; the CLI once as a
// real process on a PGlite data directory.
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { createDb } from "../../../server/db/createDb";
import { managerApplications, users } from "../../../server/db/schema";
import {
  runAdmin,
  type AdminDeps,
} from "../../../server/domain/admin/adminCommands";
import { describeEachDatabase } from "../../support/server/testDb";
import {
  type CommerceServer,
  get,
  post,
  signIn,
  startCommerceServer,
} from "../orders/commerceApi";

const run = promisify(execFile);

const application = {
  name: "陈静",
  phone: "13912345678",
  region: "浙江杭州",
  reason: "我在社区组织祈福活动",
};

describeEachDatabase("manager applications", (database) => {
  let server: CommerceServer;
  const lines: string[] = [];
  let banned: number[] = [];
  const admin = (...argv: string[]) => {
    lines.length = 0;
    const deps: AdminDeps = {
      db: server.db,
      now: () => server.clock.now,
      out: (line) => lines.push(line),
      sweep: () => server.app.commerce.sweeper.runOnce(),
      ban: (userId) => {
        banned.push(userId);
        return Promise.resolve();
      },
    };
    return runAdmin(argv, deps);
  };

  beforeAll(async () => {
    server = await startCommerceServer(database);
  });
  afterAll(() => server.close());

  it("applies, is approved from the command line, and becomes a manager", async () => {
    const ann = await signIn(server);
    expect((await get(server, "manager/v1/info", ann)).body.data).toEqual({
      status: "none",
      isManager: 0,
      applicationId: null,
      name: null,
      region: null,
      appliedAt: null,
      decidedAt: null,
      rejectReason: null,
    });
    const applied = await post(server, "manager/v1/apply", application, ann);
    expect(applied.status).toBe(200);
    expect(applied.body.data).toMatchObject({
      status: "pending",
      isManager: 0,
      name: "陈静",
      region: "浙江杭州",
      decidedAt: null,
    });
    const twice = await post(server, "manager/v1/apply", application, ann);
    expect(twice.status).toBe(409);

    expect(await admin("manager:list", "--status", "pending")).toBe(0);
    const id = applied.body.data.applicationId as number;
    expect(
      lines.some(
        (line) =>
          line.startsWith(`#${id}  pending`) && line.includes("13912345678"),
      ),
    ).toBe(true);
    expect(await admin("manager:approve", String(id))).toBe(0);
    expect(lines).toEqual([
      `approved application #${id}: user ${ann.userId} is now a manager`,
    ]);
    expect(await admin("manager:approve", String(id))).toBe(1);
    expect(lines).toEqual([`refused: application ${id} is already approved`]);

    const info = await get(server, "manager/v1/info", ann);
    expect(info.body.data).toMatchObject({
      status: "approved",
      isManager: 1,
      applicationId: id,
      rejectReason: null,
    });
    expect(info.body.data.decidedAt).not.toBeNull();
    const [row] = await server.db
      .select()
      .from(users)
      .where(eq(users.id, ann.userId));
    expect(row?.isManager).toBe(1);
    expect(
      (await post(server, "manager/v1/apply", application, ann)).status,
    ).toBe(409);
  });

  it("is rejected with a reason and may apply again", async () => {
    const ben = await signIn(server);
    const applied = await post(server, "manager/v1/apply", application, ben);
    const id = applied.body.data.applicationId as number;
    expect(await admin("manager:reject", String(id))).toBe(2);
    expect(lines[0]).toBe('manager:reject needs --reason "…"');
    // #19-4: a reason of zero-width characters shows nothing, as one of spaces would not.
    expect(
      await admin("manager:reject", String(id), "--reason", "\u200b\u2060"),
    ).toBe(1);
    expect(lines).toEqual(["refused: a rejection needs a reason"]);
    expect(
      await admin("manager:reject", String(id), "--reason", "资料不完整"),
    ).toBe(0);
    const info = await get(server, "manager/v1/info", ben);
    expect(info.body.data).toMatchObject({
      status: "rejected",
      isManager: 0,
      rejectReason: "资料不完整",
    });
    const again = await post(
      server,
      "manager/v1/apply",
      { ...application, reason: "补充了资料" },
      ben,
    );
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({
      status: "pending",
      rejectReason: null,
    });
    expect(again.body.data.applicationId).not.toBe(id);
    const [user] = await server.db
      .select()
      .from(users)
      .where(eq(users.id, ben.userId));
    expect(user?.isManager).toBe(0);
  });

  it.each([
    [
      { phone: "12345" },
      "body/phone must be a mainland mobile number (11 digits, 1[3-9]…)",
    ],
    [{ name: " " }, "body/name is required"],
    [
      { region: "区".repeat(61) },
      "body/region must be at most 60 characters (got 61)",
    ],
    [{ reason: "" }, "body/reason is required"],
  ])("refuses %j", async (change, msg) => {
    const cat = await signIn(server);
    const answer = await post(
      server,
      "manager/v1/apply",
      { ...application, ...change },
      cat,
    );
    expect(answer.body).toMatchObject({ code: 400, data: null, msg });
    expect(
      await server.db
        .select()
        .from(managerApplications)
        .where(eq(managerApplications.userId, cat.userId)),
    ).toEqual([]);
  });

  it("answers usage errors, unknown ids and bans through the admin commands", async () => {
    expect(await admin("nope")).toBe(2);
    expect(lines[0]).toBe("unknown command nope");
    expect(await admin("manager:approve", "abc")).toBe(2);
    expect(await admin("manager:approve", "999999")).toBe(1);
    expect(lines).toEqual(["refused: application 999999 not found"]);
    expect(await admin("order:refund", "123")).toBe(2);
    expect(await admin("order:refund", "202611210000000000")).toBe(1);
    const dan = await signIn(server);
    banned = [];
    expect(await admin("user:ban", dan.imId)).toBe(0);
    expect(banned).toEqual([dan.userId]);
    expect(await admin("user:ban", "nobody")).toBe(1);
  });
});

// NOTE: outside describeEachDatabase: the command line runs on its own PGlite data directory, so a
// second round on PostgreSQL would repeat the same minute of process starts.
it("runs as a process: npm run admin -- manager:list / manager:approve on a PGlite data directory", async () => {
  const dataDir = await mkdtemp(join(tmpdir(), "fuyuan-admin-"));
  try {
    const setup = await createDb({
      driver: "pglite",
      dataDir: join(dataDir, "pglite"),
    });
    await setup.migrate();
    const [user] = await setup.db
      .insert(users)
      .values({
        imId: "cli_user",
        nickname: "命令行",
        inviteCode: "CLITEST1",
      })
      .returning();
    const [row] = await setup.db
      .insert(managerApplications)
      .values({
        userId: user!.id,
        ...application,
        status: "pending",
        createdAt: new Date(),
      })
      .returning();
    await setup.close();
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      NODE_ENV: "development",
      LOG_LEVEL: "silent",
    };
    const cli = (...args: string[]) =>
      run("npx", ["tsx", "server/adminCli.ts", ...args], {
        env,
        cwd: process.cwd(),
        timeout: 60_000,
      });
    const listed = await cli("manager:list");
    expect(listed.stdout).toContain(
      `#${row!.id}  pending  命令行 (cli_user)  陈静`,
    );
    const approved = await cli("manager:approve", String(row!.id));
    expect(approved.stdout.trim()).toBe(
      `approved application #${row!.id}: user ${user!.id} is now a manager`,
    );
    await expect(cli("manager:approve", String(row!.id))).rejects.toMatchObject(
      { code: 1 },
    );
    const check = await createDb({
      driver: "pglite",
      dataDir: join(dataDir, "pglite"),
    });
    const [after] = await check.db
      .select()
      .from(users)
      .where(eq(users.id, user!.id));
    await check.close();
    expect(after?.isManager).toBe(1);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}, 120_000);
