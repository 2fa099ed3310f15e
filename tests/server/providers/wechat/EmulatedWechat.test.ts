// The development WeChat: three demo identities, codes bound to (identity, app type, state) that
// redeem once within five minutes, and the same client interface and error codes as real WeChat.
import { describe, expect, it } from "vitest";
import { ProviderError } from "../../../../server/providers/errors";
import { DEMO_WECHAT_IDENTITIES } from "../../../../server/providers/wechat/demoIdentities";
import {
  EMULATED_CODE_TTL_MS,
  EmulatedWechat,
} from "../../../../server/providers/wechat/EmulatedWechat";
import { WECHAT_LOGIN_TYPES } from "#contract";
import type { WechatOAuthClient } from "../../../../server/providers/wechat/WechatOAuthClient";

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe("EmulatedWechat", () => {
  it("offers three distinct identities with per-app openids, one unionid and an image avatar", () => {
    expect(DEMO_WECHAT_IDENTITIES).toHaveLength(3);
    const openids = DEMO_WECHAT_IDENTITIES.flatMap((i) =>
      Object.values(i.openids),
    );
    expect(new Set(openids).size).toBe(6);
    expect(new Set(DEMO_WECHAT_IDENTITIES.map((i) => i.unionid)).size).toBe(3);
    for (const identity of DEMO_WECHAT_IDENTITIES) {
      expect(identity.nickname).not.toBe("");
      expect(identity.avatarUrl).toMatch(
        /^data:image\/svg\+xml;charset=utf-8,%3Csvg/,
      );
    }
  });

  it("redeems an issued code once, through the WechatOAuthClient interface, then reads the profile", async () => {
    const wechat = new EmulatedWechat({
      appIds: { [WECHAT_LOGIN_TYPES.inApp]: "wxmpdemo" },
    });
    const client: WechatOAuthClient = wechat.client(WECHAT_LOGIN_TYPES.inApp);
    expect(client.appId).toBe("wxmpdemo");
    const identity = DEMO_WECHAT_IDENTITIES[1]!;
    const issued = wechat.issueCode({
      identityId: identity.id,
      appType: WECHAT_LOGIN_TYPES.inApp,
      state: "st-123",
    });
    expect(issued).toMatchObject({
      identityId: identity.id,
      state: "st-123",
      appType: 2,
    });

    const exchange = await client.exchangeCode(issued.code);
    expect(exchange).toMatchObject({
      openid: identity.openids[WECHAT_LOGIN_TYPES.inApp],
      unionid: identity.unionid,
      scope: "snsapi_userinfo",
    });
    expect(
      await client.userInfo(exchange.accessToken, exchange.openid),
    ).toEqual({
      openid: exchange.openid,
      unionid: identity.unionid,
      nickname: identity.nickname,
      avatarUrl: identity.avatarUrl,
    });
    expect(await failure(client.exchangeCode(issued.code))).toMatchObject({
      code: "WECHAT_CODE_USED",
      providerCode: 40163,
    });
  });

  it("expires codes after five minutes and refuses them for the other app type", async () => {
    let now = 1_700_000_000_000;
    const wechat = new EmulatedWechat({ clock: () => now });
    const website = wechat.client(WECHAT_LOGIN_TYPES.website);
    const expiring = wechat.issueCode({
      identityId: "demo-1",
      appType: WECHAT_LOGIN_TYPES.website,
      state: "s",
    });
    const onTime = wechat.issueCode({
      identityId: "demo-1",
      appType: WECHAT_LOGIN_TYPES.website,
      state: "s",
    });
    const forMp = wechat.issueCode({
      identityId: "demo-1",
      appType: WECHAT_LOGIN_TYPES.inApp,
      state: "s",
    });

    now += EMULATED_CODE_TTL_MS - 1;
    expect((await website.exchangeCode(onTime.code)).scope).toBe(
      "snsapi_login",
    );
    now += 1;
    expect(await failure(website.exchangeCode(expiring.code))).toMatchObject({
      code: "WECHAT_INVALID_CODE",
      providerCode: 40029,
    });
    expect(await failure(website.exchangeCode(forMp.code))).toMatchObject({
      code: "WECHAT_INVALID_CODE",
    });
    expect(await failure(website.exchangeCode("made-up"))).toMatchObject({
      code: "WECHAT_INVALID_CODE",
    });
  });

  it("refuses a token from the other app and an openid that is not the token's", async () => {
    const wechat = new EmulatedWechat();
    const code = wechat.issueCode({
      identityId: "demo-3",
      appType: WECHAT_LOGIN_TYPES.website,
      state: "s",
    }).code;
    const exchange = await wechat
      .client(WECHAT_LOGIN_TYPES.website)
      .exchangeCode(code);
    expect(
      await failure(
        wechat
          .client(WECHAT_LOGIN_TYPES.inApp)
          .userInfo(exchange.accessToken, exchange.openid),
      ),
    ).toMatchObject({
      code: "WECHAT_TOKEN_INVALID",
    });
    expect(
      await failure(
        wechat
          .client(WECHAT_LOGIN_TYPES.website)
          .userInfo(exchange.accessToken, "oWeb_DemoUser1"),
      ),
    ).toMatchObject({
      providerCode: 40003,
    });
  });

  it("refuses to issue a code for an identity it does not have", () => {
    expect(() =>
      new EmulatedWechat().issueCode({
        identityId: "demo-9",
        appType: WECHAT_LOGIN_TYPES.website,
        state: "s",
      }),
    ).toThrow(RangeError);
  });
});
