// WeChat sign-in over real HTTP. With the development emulator: the fy_oauth cookie, state rules
// (missing cookie, other browser, reuse, expiry, wrong app), accounts found by unionid across both
// apps and created with the WeChat profile, and the emulator's code errors. With real WeChat
// settings: the HttpWechatOAuthClient against the loopback WeChat fake, its errcodes and outages.
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import {
  call,
  cookieOf,
  signInWithWechatEmulator,
  wechatEmulatorReturn,
  type Tokens,
} from "../../support/server/accountsApi";
import {
  startFakeWechat,
  type FakeWechat,
} from "../../support/fakes/fakeWechat";
import { testClock } from "../../support/testClock";
import { describeEachDatabase } from "../../support/server/testDb";
import { startTestServer, type TestServer } from "../../support/server/testServer";

const MINUTE = 60_000;

describeEachDatabase("WeChat sign-in with the emulator", (database) => {
  let server: TestServer;
  const clock = testClock();

  beforeAll(async () => {
    server = await startTestServer({ database, clock });
  });
  afterAll(() => server.close());

  const wxLogin = (body: object, cookie?: string) =>
    call<Tokens>(server, "POST", "oapi/v1/wxLogin", {
      body,
      lang: "en",
      ...(cookie === undefined ? {} : { headers: { cookie } }),
    });
  const info = async (tokens: Tokens) =>
    (await call(server, "GET", "user/v1/info", { token: tokens.app_token }))
      .body.data;

  it("issues a 26-character state and an HttpOnly SameSite=Lax cookie", async () => {
    const response = await call(server, "POST", "oapi/v1/wxState", {
      body: { type: 1 },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.state).toMatch(/^[0-9a-z]{26}$/);
    const setCookie = response.headers.get("set-cookie")!;
    expect(setCookie).toMatch(
      /^fy_oauth=[\w-]{43}; Path=\/api\/app\/oapi\/v1; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
    const again = await call(server, "POST", "oapi/v1/wxState", {
      body: { type: 2 },
      headers: { cookie: cookieOf(response) },
    });
    expect(cookieOf(again)).toBe(cookieOf(response));
    expect(again.body.data.state).not.toBe(response.body.data.state);
    const bad = await call(server, "POST", "oapi/v1/wxState", {
      body: { type: 3 },
      lang: "en",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe("Invalid request field: type");
  });

  it("creates the account from the WeChat profile and finds it again by unionid from either app", async () => {
    const web = await signInWithWechatEmulator(server, {
      identity: "demo-2",
      type: 1,
    });
    const first = await info(web);
    expect(first).toMatchObject({
      nickname: "明月",
      avatarUrl: expect.stringMatching(/^data:image\/svg\+xml/),
      wechatBound: true,
      phone: null,
      email: null,
    });
    const again = await info(
      await signInWithWechatEmulator(server, { identity: "demo-2", type: 1 }),
    );
    expect(again.userId).toBe(first.userId);
    const inApp = await info(
      await signInWithWechatEmulator(server, { identity: "demo-2", type: 2 }),
    );
    expect(inApp.userId).toBe(first.userId);
    const someoneElse = await info(
      await signInWithWechatEmulator(server, { identity: "demo-1" }),
    );
    expect(someoneElse.userId).not.toBe(first.userId);
    expect(someoneElse.nickname).toBe("清风居士");
  });

  it("defaults type to 1 (website app)", async () => {
    const back = await wechatEmulatorReturn(server, { type: 1 });
    const response = await wxLogin(
      { code: back.code, state: back.state },
      back.cookie,
    );
    expect(response.status).toBe(200);
  });

  it("refuses a login without the fy_oauth cookie", async () => {
    const back = await wechatEmulatorReturn(server);
    const response = await wxLogin({
      code: back.code,
      state: back.state,
      type: 1,
    });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe(
      "The WeChat sign-in could not be matched to this browser. Please start again.",
    );
    const malformed = await wxLogin(
      { code: back.code, state: back.state, type: 1 },
      "fy_oauth=short",
    );
    expect(malformed.body.msg).toMatch(/could not be matched to this browser/);
  });

  it("refuses a state from another browser, an unknown state and the other app's state", async () => {
    const back = await wechatEmulatorReturn(server, { type: 1 });
    const otherBrowser = cookieOf(
      await call(server, "POST", "oapi/v1/wxState", { body: { type: 1 } }),
    );
    const mismatch =
      "The WeChat sign-in could not be verified. Please start again.";
    expect(
      (
        await wxLogin(
          { code: back.code, state: back.state, type: 1 },
          otherBrowser,
        )
      ).body,
    ).toMatchObject({
      code: 400,
      data: null,
      msg: mismatch,
    });
    expect(
      (
        await wxLogin(
          { code: back.code, state: "a".repeat(26), type: 1 },
          back.cookie,
        )
      ).body.msg,
    ).toBe(mismatch);
    const mp = await wechatEmulatorReturn(server, { type: 2 });
    expect(
      (await wxLogin({ code: mp.code, state: mp.state, type: 1 }, mp.cookie))
        .body.msg,
    ).toBe(mismatch);
  });

  it("accepts a state once", async () => {
    const back = await wechatEmulatorReturn(server);
    expect(
      (
        await wxLogin(
          { code: back.code, state: back.state, type: 1 },
          back.cookie,
        )
      ).status,
    ).toBe(200);
    const reuse = await wxLogin(
      { code: back.code, state: back.state, type: 1 },
      back.cookie,
    );
    expect(reuse.status).toBe(400);
    expect(reuse.body.msg).toBe(
      "This WeChat sign-in link was already used. Please start again.",
    );
  });

  it("expires a state after 10 minutes", async () => {
    const early = await wechatEmulatorReturn(server);
    const late = await wechatEmulatorReturn(server);
    clock.advance(4 * MINUTE);
    expect(
      (
        await wxLogin(
          { code: early.code, state: early.state, type: 1 },
          early.cookie,
        )
      ).status,
    ).toBe(200);
    // The emulator's own codes live 5 minutes: a fresh code for the old state isolates the state rule.
    clock.advance(6 * MINUTE);
    const fresh = await wechatEmulatorReturn(server, { cookie: late.cookie });
    const expired = await wxLogin(
      { code: fresh.code, state: late.state, type: 1 },
      late.cookie,
    );
    expect(expired.status).toBe(400);
    expect(expired.body.msg).toBe(
      "The WeChat sign-in took too long. Please start again.",
    );
  });

  it("turns the emulator's code errors into a clear 400", async () => {
    const back = await wechatEmulatorReturn(server);
    const second = await wechatEmulatorReturn(server, { cookie: back.cookie });
    expect(
      (
        await wxLogin(
          { code: back.code, state: back.state, type: 1 },
          back.cookie,
        )
      ).status,
    ).toBe(200);
    const used = await wxLogin(
      { code: back.code, state: second.state, type: 1 },
      back.cookie,
    );
    expect(used.status).toBe(400);
    expect(used.body.msg).toBe(
      "The WeChat authorization is no longer valid. Please sign in again.",
    );
    const third = await wechatEmulatorReturn(server, { cookie: back.cookie });
    const bogus = await wxLogin(
      { code: "not-a-code", state: third.state, type: 1 },
      back.cookie,
    );
    expect(bogus.status).toBe(400);
    const cn = await call(server, "POST", "oapi/v1/wxLogin", {
      body: {
        code: "x",
        state: (await wechatEmulatorReturn(server, { cookie: back.cookie }))
          .state,
        type: 1,
      },
      headers: { cookie: back.cookie },
    });
    expect(cn.body.msg).toBe("微信授权已失效，请重新登录");
  });

  it("validates the request fields", async () => {
    for (const [body, field] of [
      [{ state: "x", type: 1 }, "code"],
      [{ code: "x", type: 1 }, "state"],
      [{ code: "x", state: "x", type: 5 }, "type"],
      [{ code: "", state: "x" }, "code"],
    ] as const) {
      const response = await wxLogin(body);
      expect(response.status).toBe(400);
      expect(response.body.msg).toBe(`Invalid request field: ${field}`);
    }
  });
});

const WEB = {
  appId: "wxweb0000000000001",
  appSecret: "web-secret-0123456789abcdef0123",
};
const MP = {
  appId: "wxmp00000000000002",
  appSecret: "mp-secret-0123456789abcdef01234",
};

function wechatEnv(apiBase: string): Record<string, string> {
  return {
    WECHAT_OPEN_APP_ID: WEB.appId,
    WECHAT_OPEN_APP_SECRET: WEB.appSecret,
    WECHAT_MP_APP_ID: MP.appId,
    WECHAT_MP_APP_SECRET: MP.appSecret,
    WECHAT_API_BASE: apiBase,
  };
}

describeEachDatabase(
  "WeChat sign-in with real WeChat (loopback fake)",
  (database) => {
    let fake: FakeWechat;
    let server: TestServer;

    beforeAll(async () => {
      fake = await startFakeWechat({
        apps: [WEB, MP],
        users: [
          {
            key: "li",
            openids: { [WEB.appId]: "oWebLi", [MP.appId]: "oMpLi" },
            unionid: "oUnionLi",
            nickname: "李明",
            headimgurl: "https://thirdwx.qlogo.cn/mmopen/li/132",
          },
          {
            key: "anon",
            openids: { [WEB.appId]: "oWebAnon", [MP.appId]: "oMpAnon" },
            nickname: "",
            headimgurl: "",
          },
        ],
      });
      server = await startTestServer({ database, env: wechatEnv(fake.url) });
    });
    afterAll(async () => {
      await server.close();
      await fake.close();
    });

    /** wxState for a fresh browser, then wxLogin with a code the fake issued for `user`. */
    const login = async (user: string, type: 1 | 2 = 1, lang = "en") => {
      const started = await call(server, "POST", "oapi/v1/wxState", {
        body: { type },
      });
      const code = fake.issueCode(type === 1 ? WEB.appId : MP.appId, user);
      return call<Tokens>(server, "POST", "oapi/v1/wxLogin", {
        body: { code, state: started.body.data.state, type },
        headers: { cookie: cookieOf(started) },
        lang,
      });
    };
    const info = async (tokens: Tokens) =>
      (await call(server, "GET", "user/v1/info", { token: tokens.app_token }))
        .body.data;

    it("reports the real apps and WeChat's own pages in the runtime config", async () => {
      const config = (await call(server, "GET", "oapi/v1/config")).body.data;
      expect(config.login.wechat).toBe(true);
      expect(config.wechat).toEqual({
        appId: WEB.appId,
        mpAppId: MP.appId,
        redirectUrl: `${server.baseUrl}/callback`,
        emulator: false,
        qrConnectUrl: "https://open.weixin.qq.com/connect/qrconnect",
        authorizeUrl: "https://open.weixin.qq.com/connect/oauth2/authorize",
      });
      const page = await fetch(
        `${server.baseUrl}/dev/wechat/authorize?appid=${WEB.appId}`,
      );
      expect(page.status).toBe(404);
    });

    it("signs in through both apps to one account (unionid), with the WeChat profile", async () => {
      const web = await login("li", 1);
      expect(web.status).toBe(200);
      const me = await info(web.body.data);
      expect(me).toMatchObject({
        nickname: "李明",
        avatarUrl: "https://thirdwx.qlogo.cn/mmopen/li/132",
        wechatBound: true,
      });
      const mp = await login("li", 2);
      expect((await info(mp.body.data)).userId).toBe(me.userId);
      expect(fake.calls("/sns/userinfo")).toBe(1);
      const sent = fake.requests.find(
        (r) => r.path === "/sns/oauth2/access_token",
      )!;
      expect(sent.query.get("appid")).toBe(WEB.appId);
      expect(sent.query.get("secret")).toBe(WEB.appSecret);
    });

    it("finds a user without unionid by this app's openid, with default name and avatar", async () => {
      const first = await info((await login("anon", 1)).body.data);
      expect(first).toMatchObject({
        nickname: "微信用户",
        avatarUrl: "/images/avatars/user.svg",
      });
      expect((await info((await login("anon", 1)).body.data)).userId).toBe(
        first.userId,
      );
    });

    it.each([
      [
        40029,
        "invalid code",
        400,
        "The WeChat authorization is no longer valid. Please sign in again.",
      ],
      [
        40163,
        "code been used",
        400,
        "The WeChat authorization is no longer valid. Please sign in again.",
      ],
      [
        -1,
        "system error",
        502,
        "WeChat sign-in failed. Please try again later.",
      ],
      [
        40125,
        "invalid appsecret",
        502,
        "WeChat sign-in failed. Please try again later.",
      ],
      [
        45011,
        "api minute-quota reach limit",
        502,
        "WeChat sign-in failed. Please try again later.",
      ],
    ])(
      "answers errcode %i (%s) from the code exchange with %i",
      async (errcode, errmsg, status, msg) => {
        fake.failNext("/sns/oauth2/access_token", errcode, errmsg);
        const response = await login("li");
        expect(response.status).toBe(status);
        expect(response.body).toMatchObject({ code: status, data: null, msg });
      },
    );

    it("answers 502 when the profile of a new account cannot be read", async () => {
      fake.failNext("/sns/userinfo", 40001, "invalid credential");
      const response = await login("anon", 2, "zh-CN");
      expect(response.status).toBe(502);
      expect(response.body.msg).toBe("微信登录失败，请稍后再试");
    });
  },
);

describe("WeChat sign-in when WeChat cannot be reached", () => {
  it("answers 502, never 500", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) =>
      closed.listen(0, "127.0.0.1", resolve),
    );
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) =>
      closed.close(() => {
        resolve();
      }),
    );
    const server = await startTestServer({
      seed: false,
      env: wechatEnv(`http://127.0.0.1:${port}`),
    });
    try {
      const started = await call(server, "POST", "oapi/v1/wxState", {
        body: { type: 1 },
      });
      const response = await call(server, "POST", "oapi/v1/wxLogin", {
        body: { code: "abc", state: started.body.data.state, type: 1 },
        headers: { cookie: cookieOf(started) },
        lang: "en",
      });
      expect(response.status).toBe(502);
      expect(response.body.msg).toBe(
        "WeChat sign-in failed. Please try again later.",
      );
    } finally {
      await server.close();
    }
  });
});
