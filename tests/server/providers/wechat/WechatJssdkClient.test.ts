// WechatJssdkClient against the loopback WeChat fake: access_token and jsapi_ticket fetched once and
// cached until shortly before expiry, concurrent callers share one request, a token WeChat no longer
// accepts is replaced once, and signPage yields a signature that recomputes from the ticket.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProviderError } from "../../../../server/providers/errors";
import { jssdkSignature } from "../../../../server/providers/wechat/jssdkSignature";
import { WechatJssdkClient } from "../../../../server/providers/wechat/WechatJssdkClient";
import { startFakeWechat } from "../../../support/fakes/fakeWechat";
import type { FakeWechat } from "../../../support/fakes/fakeWechat";

const MP = {
  appId: "wxmp00000000000002",
  appSecret: "mp-secret-0123456789abcdef01234",
};
let fake: FakeWechat;

beforeAll(async () => {
  fake = await startFakeWechat({ apps: [MP], users: [] });
});
afterAll(() => fake.close());

function client(clock: () => number) {
  return new WechatJssdkClient({
    ...MP,
    baseUrl: fake.url,
    clock,
    timeoutMs: 2000,
  });
}

describe("WechatJssdkClient", () => {
  it("caches the token and the ticket until five minutes before their 7200 s expiry", async () => {
    let now = 1_700_000_000_000;
    const jssdk = client(() => now);
    const tokens = fake.calls("/cgi-bin/token");
    const tickets = fake.calls("/cgi-bin/ticket/getticket");

    const ticket = await jssdk.getJsapiTicket();
    expect(await jssdk.getJsapiTicket()).toBe(ticket);
    now += 6899_000;
    expect(await jssdk.getJsapiTicket()).toBe(ticket);
    expect(fake.calls("/cgi-bin/token") - tokens).toBe(1);
    expect(fake.calls("/cgi-bin/ticket/getticket") - tickets).toBe(1);

    now += 2_000;
    const renewed = await jssdk.getJsapiTicket();
    expect(renewed).not.toBe(ticket);
    expect(fake.calls("/cgi-bin/token") - tokens).toBe(2);
    expect(fake.calls("/cgi-bin/ticket/getticket") - tickets).toBe(2);
  });

  it("shares one request between concurrent callers", async () => {
    const jssdk = client(() => Date.now());
    const tokens = fake.calls("/cgi-bin/token");
    const [a, b, c] = await Promise.all([
      jssdk.getAccessToken(),
      jssdk.getAccessToken(),
      jssdk.getAccessToken(),
    ]);
    expect(new Set([a, b, c]).size).toBe(1);
    expect(fake.calls("/cgi-bin/token") - tokens).toBe(1);
  });

  it("fetches a new token once when WeChat rejects the cached one", async () => {
    const jssdk = client(() => Date.now());
    const first = await jssdk.getAccessToken();
    fake.invalidateAccessTokens();
    const tokens = fake.calls("/cgi-bin/token");
    const tickets = fake.calls("/cgi-bin/ticket/getticket");
    expect(await jssdk.getJsapiTicket()).toEqual(expect.any(String));
    expect(fake.calls("/cgi-bin/token") - tokens).toBe(1);
    expect(fake.calls("/cgi-bin/ticket/getticket") - tickets).toBe(2);
    expect(await jssdk.getAccessToken()).not.toBe(first);
  });

  it("does not loop when the fresh token is refused too", async () => {
    const jssdk = client(() => Date.now());
    await jssdk.getAccessToken();
    fake.failNext("/cgi-bin/ticket/getticket", 40001, "invalid credential");
    fake.failNext("/cgi-bin/ticket/getticket", 40001, "invalid credential");
    const tokens = fake.calls("/cgi-bin/token");
    const error = await jssdk.getJsapiTicket().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "WECHAT_TOKEN_INVALID" });
    expect(fake.calls("/cgi-bin/token") - tokens).toBe(1);
  });

  it("signs a page so that the signature recomputes from the ticket it used", async () => {
    const now = Date.now();
    const jssdk = client(() => now);
    const url = "https://fuyuan.example/pay/order/9?x=1#section";
    const config = await jssdk.signPage(url);
    expect(config).toMatchObject({
      appId: MP.appId,
      timestamp: Math.floor(now / 1000),
      nonceStr: expect.stringMatching(/^[A-Z0-9]{16}$/),
    });
    const ticket = await jssdk.getJsapiTicket();
    expect(config.signature).toBe(
      jssdkSignature({
        ticket,
        nonceStr: config.nonceStr,
        timestamp: config.timestamp,
        url,
      }),
    );
  });

  it("reports a wrong secret without caching anything", async () => {
    const jssdk = new WechatJssdkClient({
      appId: MP.appId,
      appSecret: "wrong",
      baseUrl: fake.url,
    });
    const error = await jssdk.getAccessToken().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      code: "WECHAT_TOKEN_INVALID",
      providerCode: 40001,
    });
    expect(
      await jssdk
        .getAccessToken()
        .catch((e: unknown) => (e as ProviderError).code),
    ).toBe("WECHAT_TOKEN_INVALID");
  });
});
