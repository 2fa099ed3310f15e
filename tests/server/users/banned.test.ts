// Banned accounts: banUser revokes every session (access, refresh, IM) and announces it; the
// account cannot sign in again (403 after a correct code, the same 400 as anyone after a wrong
// one); a ban set directly in the database stops tokens too; unbanning restores sign-in.
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { users } from "../../../server/db/schema";
import { AccountEvents } from "../../../server/domain/auth/accountEvents";
import {
  createAuthServices,
  type AuthServices,
} from "../../../server/domain/auth/createAuthServices";
import { banUser, unbanUser } from "../../../server/domain/users/banUser";
import {
  call,
  latestCode,
  signInWithPhone,
  signInWithWechatEmulator,
  wechatEmulatorReturn,
  type Tokens,
} from "../../support/server/accountsApi";
import { testClock } from "../../support/testClock";
import { describeEachDatabase } from "../../support/server/testDb";
import { startTestServer, type TestServer } from "../../support/server/testServer";

describeEachDatabase("banned accounts", (database) => {
  let server: TestServer;
  let services: AuthServices;
  const clock = testClock();
  const events = new AccountEvents();
  const seen: unknown[] = [];
  events.on("sessionRevoked", (e) => seen.push(["sessionRevoked", e]));
  events.on("userBanned", (e) => seen.push(["userBanned", e]));
  let n = 0;
  const freshIp = () => `10.80.0.${++n}`;

  beforeAll(async () => {
    server = await startTestServer({
      database,
      clock,
      accountEvents: events,
      env: { TRUST_PROXY: "on" },
    });
    // NOTE: the services a manager tool would build on the same database and secret.
    services = await createAuthServices({
      config: server.config,
      db: server.db,
      clock,
      logger: pino({ level: "silent" }),
      events,
    });
  });
  afterAll(() => server.close());

  const info = (tokens: Tokens) =>
    call(server, "GET", "user/v1/info", {
      token: tokens.app_token,
      lang: "en",
    });
  const userId = async (imId: string) =>
    (
      await server.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.imId, imId))
    )[0]!.id;
  const login = async (phone: string, code: string) =>
    call(server, "POST", "oapi/v1/phoneLogin", {
      body: { account: phone, code },
      ip: freshIp(),
      lang: "en",
    });
  const sendCode = async (phone: string) => {
    clock.advance(61_000);
    await call(server, "POST", "oapi/v1/msg", {
      body: { phone, areaCode: "86" },
      ip: freshIp(),
    });
    return latestCode(server, `+86${phone}`);
  };

  it("banUser ends every session at once and the account cannot sign in", async () => {
    const phone = "13800000001";
    const a = await signInWithPhone(server, phone, { ip: freshIp() });
    clock.advance(61_000);
    const b = await signInWithPhone(server, phone, { ip: freshIp() });
    const me = (await info(a)).body.data;
    expect(await services.verifyImToken(me.imId, me.imToken)).not.toBeNull();

    await banUser(
      { db: server.db, sessions: services.sessions, events },
      me.userId,
    );
    expect(seen).toEqual([
      [
        "sessionRevoked",
        { userId: me.userId, sessionIds: expect.any(Array), reason: "banned" },
      ],
      ["userBanned", { userId: me.userId }],
    ]);
    expect(
      (seen[0] as [string, { sessionIds: string[] }])[1].sessionIds,
    ).toHaveLength(2);
    for (const tokens of [a, b]) {
      const response = await info(tokens);
      expect(response.status).toBe(401);
      expect(response.body.msg).toBe("This account has been suspended.");
      const refresh = await call(server, "POST", "oapi/v1/refreshToken", {
        body: { refresh_token: tokens.refresh_token },
        lang: "en",
      });
      expect(refresh.status).toBe(401);
    }
    expect(await services.verifyImToken(me.imId, me.imToken)).toBeNull();

    const wrong = await login(phone, "000000");
    expect(wrong.status).toBe(400);
    const refused = await login(phone, await sendCode(phone));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 403,
      data: null,
      msg: "This account has been suspended and cannot sign in.",
    });

    await unbanUser(server.db, me.userId);
    expect((await login(phone, await sendCode(phone))).status).toBe(200);
  });

  it("stops tokens and WeChat sign-in of an account banned directly in the database", async () => {
    const tokens = await signInWithWechatEmulator(server, {
      identity: "demo-2",
    });
    const me = (await info(tokens)).body.data;
    await server.db
      .update(users)
      .set({ banned: true })
      .where(eq(users.id, await userId(me.imId)));
    expect((await info(tokens)).body.msg).toBe(
      "This account has been suspended.",
    );
    expect(await services.verifyImToken(me.imId, me.imToken)).toBeNull();
    const back = await wechatEmulatorReturn(server, { identity: "demo-2" });
    const response = await call(server, "POST", "oapi/v1/wxLogin", {
      body: { code: back.code, state: back.state, type: 1 },
      headers: { cookie: back.cookie },
      lang: "zh-CN",
    });
    expect(response.status).toBe(403);
    expect(response.body.msg).toBe("该账号已被停用，无法登录");
  });
});
