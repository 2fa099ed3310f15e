// user/v1/info over real HTTP: every UserInfo field, masking, role flags, WeChat binding, presence
// from the IM gateway, and 401 without a valid session.
import { eq } from "drizzle-orm";
import { users } from "../../../server/db/schema";
import {
  call,
  signInWithPhone,
  signInWithWechatEmulator,
} from "../../support/server/accountsApi";
import { describeEachDatabase } from "../../support/server/testDb";
import { startTestServer, type TestServer } from "../../support/server/testServer";

describeEachDatabase("user/v1/info", (database) => {
  let server: TestServer;
  const online = new Set<number>();

  beforeAll(async () => {
    server = await startTestServer({
      database,
      env: { TRUST_PROXY: "on" },
      presence: {
        onlineOf: (ids) =>
          Promise.resolve(new Set(ids.filter((id) => online.has(id)))),
      },
    });
  });
  afterAll(() => server.close());

  it("describes the signed-in user with masked contacts and this session's IM token", async () => {
    const tokens = await signInWithPhone(server, "13800000003", {
      ip: "10.60.0.1",
    });
    const response = await call(server, "GET", "user/v1/info", {
      token: tokens.app_token,
    });
    expect(response.status).toBe(200);
    const [row] = await server.db
      .select()
      .from(users)
      .where(eq(users.imId, "demo_monk"));
    expect(response.body).toEqual({
      code: 0,
      msg: "ok",
      data: {
        userId: row!.id,
        imId: "demo_monk",
        imToken: expect.stringMatching(/^[\w-]{43}$/),
        isService: 0,
        isMonk: 1,
        isManager: 0,
        isAdmin: 0,
        avatarUrl: "/images/monks/huiming.svg",
        nickname: "慧明法师",
        online: false,
        phone: "138****0003",
        email: "m***@fuyuan.local",
        wechatBound: false,
        inviteCode: "FYDEMO03",
        createdAt: row!.createdAt.toISOString(),
      },
    });
    online.add(row!.id);
    const again = await call(server, "GET", "user/v1/info", {
      token: tokens.app_token,
    });
    expect(again.body.data.online).toBe(true);
  });

  it("reports a WeChat account as bound, without phone or e-mail", async () => {
    const tokens = await signInWithWechatEmulator(server, {
      identity: "demo-1",
      type: 2,
    });
    const { data } = (
      await call(server, "GET", "user/v1/info", { token: tokens.app_token })
    ).body;
    expect(data).toMatchObject({
      nickname: "清风居士",
      wechatBound: true,
      phone: null,
      email: null,
      isManager: 0,
      isAdmin: 0,
    });
  });

  it("answers 401 with a localized message without a valid token", async () => {
    const response = await call(server, "GET", "user/v1/info", {
      lang: "zh-TW",
    });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({
      code: 401,
      data: null,
      msg: "請先登入",
    });
  });
});
