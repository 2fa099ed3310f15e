// user/v1/bindPhone over real HTTP: a WeChat account binds a number verified by its code and can
// then sign in with it; a number held by another account is 409; code, imId and field checks.
import {
  call,
  latestCode,
  signInWithWechatEmulator,
  type Tokens,
} from "../../support/server/accountsApi";
import { testClock } from "../../support/testClock";
import { describeEachDatabase } from "../../support/server/testDb";
import { startTestServer, type TestServer } from "../../support/server/testServer";

describeEachDatabase("user/v1/bindPhone", (database) => {
  let server: TestServer;
  const clock = testClock();
  let tokens: Tokens;
  let imId: string;
  let n = 0;
  const freshIp = () => `10.70.0.${++n}`;

  beforeAll(async () => {
    server = await startTestServer({
      database,
      clock,
      env: { TRUST_PROXY: "on" },
    });
    tokens = await signInWithWechatEmulator(server, { identity: "demo-3" });
    imId = (
      await call(server, "GET", "user/v1/info", { token: tokens.app_token })
    ).body.data.imId;
  });
  afterAll(() => server.close());

  /** Sends a code to `phone` and returns it. */
  const codeFor = async (phone: string) => {
    clock.advance(61_000);
    const sent = await call(server, "POST", "oapi/v1/msg", {
      body: { phone, areaCode: "86" },
      ip: freshIp(),
    });
    expect(sent.status).toBe(200);
    return latestCode(server, `+86${phone}`);
  };
  const bind = (body: Record<string, unknown>, signedIn = true) =>
    call(server, "POST", "user/v1/bindPhone", {
      body: { areaCode: "86", imId, ...body },
      lang: "en",
      ...(signedIn ? { token: tokens.app_token } : {}),
    });

  it("binds a verified number, which then signs in to the same account", async () => {
    const phone = "15900000001";
    const response = await bind({ account: phone, code: await codeFor(phone) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      code: 0,
      data: { phone: "159****0001" },
      msg: "ok",
    });
    const me = (
      await call(server, "GET", "user/v1/info", { token: tokens.app_token })
    ).body.data;
    expect(me).toMatchObject({ phone: "159****0001", wechatBound: true });
    const login = await call<Tokens>(server, "POST", "oapi/v1/phoneLogin", {
      body: { account: phone, code: await codeFor(phone) },
    });
    const viaPhone = (
      await call(server, "GET", "user/v1/info", {
        token: login.body.data.app_token,
      })
    ).body.data;
    expect(viaPhone.userId).toBe(me.userId);
    const rebind = await bind({ account: phone, code: await codeFor(phone) });
    expect(rebind.status).toBe(200);
  });

  it("answers 409 for a number bound to another account", async () => {
    const response = await bind({
      account: "13800000002",
      code: await codeFor("13800000002"),
    });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      code: 409,
      data: null,
      msg: "This phone number is already linked to another account.",
    });
    const cn = await call(server, "POST", "user/v1/bindPhone", {
      body: {
        account: "13800000002",
        code: await codeFor("13800000002"),
        areaCode: "86",
        imId,
      },
      token: tokens.app_token,
    });
    expect(cn.body.msg).toBe("该手机号已绑定其他账号");
  });

  it("refuses a wrong code, another user's imId, bad fields and a missing token", async () => {
    const phone = "15900000002";
    const code = await codeFor(phone);
    const wrong = await bind({
      account: phone,
      code: code === "111111" ? "222222" : "111111",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe("The code is incorrect.");
    const mismatch = await bind({ account: phone, code, imId: "demo_user" });
    expect(mismatch.status).toBe(403);
    expect(mismatch.body.msg).toBe(
      "This request does not match your account. Please sign in again and retry.",
    );
    expect((await bind({ account: "12345", code })).body.msg).toBe(
      "Enter a valid mainland China mobile number (account).",
    );
    expect((await bind({ account: phone, code, areaCode: "1" })).body.msg).toBe(
      "Only +86 numbers are supported (areaCode).",
    );
    expect((await bind({ account: phone, code }, false)).status).toBe(401);
    expect((await bind({ account: phone, code })).status).toBe(200);
  });
});
