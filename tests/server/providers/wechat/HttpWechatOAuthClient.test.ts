// HttpWechatOAuthClient for both apps against the loopback WeChat fake: codes redeemed once, profile
// read, and WeChat's HTTP-200 errcode answers (40029, 40163, 40125, 40001) turned into typed errors.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ProviderError } from "../../../../server/providers/errors";
import { HttpWechatOAuthClient } from "../../../../server/providers/wechat/HttpWechatOAuthClient";
import { WECHAT_LOGIN_TYPES } from "#contract";
import { startFakeWechat } from "../../../support/fakes/fakeWechat";
import type { FakeWechat } from "../../../support/fakes/fakeWechat";
import { startLoopbackServer } from "../../../support/fakes/loopbackServer";

const WEB = {
  appId: "wxweb0000000000001",
  appSecret: "web-secret-0123456789abcdef0123",
};
const MP = {
  appId: "wxmp00000000000002",
  appSecret: "mp-secret-0123456789abcdef01234",
};
let fake: FakeWechat;

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
});
afterAll(() => fake.close());
afterEach(() => {
  fake.delayMs = 0;
});

const website = (
  overrides: Partial<
    ConstructorParameters<typeof HttpWechatOAuthClient>[0]
  > = {},
) =>
  new HttpWechatOAuthClient({
    appType: WECHAT_LOGIN_TYPES.website,
    ...WEB,
    baseUrl: fake.url,
    timeoutMs: 2000,
    ...overrides,
  });
const officialAccount = () =>
  new HttpWechatOAuthClient({
    appType: WECHAT_LOGIN_TYPES.inApp,
    ...MP,
    baseUrl: fake.url,
    timeoutMs: 2000,
  });

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe("HttpWechatOAuthClient", () => {
  it("redeems a website QR-login code and reads the profile", async () => {
    const client = website();
    const exchange = await client.exchangeCode(
      fake.issueCode(WEB.appId, "li", "snsapi_login"),
    );
    expect(exchange).toEqual({
      openid: "oWebLi",
      unionid: "oUnionLi",
      accessToken: expect.any(String),
      scope: "snsapi_login",
    });
    expect(
      await client.userInfo(exchange.accessToken, exchange.openid),
    ).toEqual({
      openid: "oWebLi",
      unionid: "oUnionLi",
      nickname: "李明",
      avatarUrl: "https://thirdwx.qlogo.cn/mmopen/li/132",
    });
    const sent = fake.requests.find(
      (r) => r.path === "/sns/oauth2/access_token",
    )!.query;
    expect(Object.fromEntries(sent)).toMatchObject({
      appid: WEB.appId,
      secret: WEB.appSecret,
      grant_type: "authorization_code",
    });
    expect(fake.requests.at(-1)!.query.get("lang")).toBe("zh_CN");
  });

  it("gives the official-account openid for the same person, and no unionid when WeChat sends none", async () => {
    const client = officialAccount();
    const li = await client.exchangeCode(fake.issueCode(MP.appId, "li"));
    expect(li).toMatchObject({
      openid: "oMpLi",
      unionid: "oUnionLi",
      scope: "snsapi_userinfo",
    });
    const anon = await client.exchangeCode(fake.issueCode(MP.appId, "anon"));
    expect(anon).not.toHaveProperty("unionid");
    expect(await client.userInfo(anon.accessToken, anon.openid)).toEqual({
      openid: "oMpAnon",
      nickname: "",
      avatarUrl: "",
    });
  });

  it("refuses a code twice: 40163 code been used", async () => {
    const code = fake.issueCode(WEB.appId, "li");
    await website().exchangeCode(code);
    const error = await failure(website().exchangeCode(code));
    expect(error).toMatchObject({
      code: "WECHAT_CODE_USED",
      providerCode: 40163,
      retryable: false,
    });
  });

  it("refuses an unknown code and another app's code: 40029 invalid code", async () => {
    expect(await failure(website().exchangeCode("not-a-code"))).toMatchObject({
      code: "WECHAT_INVALID_CODE",
      providerCode: 40029,
    });
    const mpCode = fake.issueCode(MP.appId, "li");
    expect(await failure(website().exchangeCode(mpCode))).toMatchObject({
      code: "WECHAT_INVALID_CODE",
      providerCode: 40029,
    });
  });

  it("reports a wrong app secret as misconfiguration and never puts the secret in the error", async () => {
    const error = await failure(
      website({ appSecret: "leaked-secret-value" }).exchangeCode(
        fake.issueCode(WEB.appId, "li"),
      ),
    );
    expect(error).toMatchObject({
      code: "WECHAT_MISCONFIGURED",
      providerCode: 40125,
    });
    expect(`${error.message} ${JSON.stringify(error)}`).not.toContain(
      "leaked-secret-value",
    );
  });

  it("reports a bad web access token and a foreign openid", async () => {
    expect(await failure(website().userInfo("bogus", "oWebLi"))).toMatchObject({
      code: "WECHAT_TOKEN_INVALID",
      providerCode: 40001,
    });
    const exchange = await website().exchangeCode(
      fake.issueCode(WEB.appId, "li"),
    );
    expect(
      await failure(website().userInfo(exchange.accessToken, "oWebAnon")),
    ).toMatchObject({
      code: "WECHAT_REJECTED",
      providerCode: 40003,
    });
  });

  it("maps system busy (-1) to a retryable error", async () => {
    fake.failNext("/sns/oauth2/access_token", -1, "system error");
    expect(await failure(website().exchangeCode("whatever"))).toMatchObject({
      code: "WECHAT_UNAVAILABLE",
      retryable: true,
    });
  });

  it("times out, and reports non-JSON and non-200 answers", async () => {
    fake.delayMs = 1000;
    expect(
      await failure(website({ timeoutMs: 150 }).exchangeCode("x")),
    ).toMatchObject({ code: "WECHAT_TIMEOUT", retryable: true });
    fake.delayMs = 0;
    const broken = await startLoopbackServer((req, res) => {
      if (req.url?.startsWith("/sns/userinfo"))
        res.writeHead(200, { "Content-Type": "text/html" }).end("<html/>");
      else res.writeHead(503).end();
    });
    try {
      expect(
        await failure(website({ baseUrl: broken.url }).userInfo("t", "o")),
      ).toMatchObject({ code: "WECHAT_BAD_RESPONSE" });
      expect(
        await failure(website({ baseUrl: broken.url }).exchangeCode("c")),
      ).toMatchObject({
        code: "WECHAT_UNAVAILABLE",
        retryable: true,
      });
    } finally {
      await broken.close();
    }
  });
});
