// Sessions over real HTTP: refresh rotation and reuse detection (the family is revoked), logout
// and sign-out-everywhere revoking access tokens at once, expiry of access tokens and of the
// session, malformed or forged tokens, per-session IM tokens for the IM gateway, and the events.
import { createHmac } from "node:crypto";
import {
  AccountEvents,
  type AccountEventMap,
} from "../../../server/domain/auth/accountEvents";
import { createImAuthenticator } from "../../../server/domain/auth/imAuthenticator";
import {
  call,
  signInWithPhone,
  signInWithWechatEmulator,
  type Tokens,
} from "../../support/server/accountsApi";
import { testClock } from "../../support/testClock";
import { describeEachDatabase } from "../../support/server/testDb";
import { startTestServer, type TestServer } from "../../support/server/testServer";

const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;

describeEachDatabase("sessions", (database) => {
  let server: TestServer;
  const clock = testClock();
  const events = new AccountEvents();
  const revoked: AccountEventMap["sessionRevoked"][] = [];
  events.on("sessionRevoked", (event) => revoked.push(event));
  let n = 0;
  const freshPhone = () => `135${String(++n).padStart(8, "0")}`;
  const freshIp = () => `10.40.0.${++n}`;
  /** Signs in by SMS code; a minute passes first, as the resend rule requires for one number. */
  const signIn = (phone = freshPhone()) => {
    clock.advance(61 * SECOND);
    return signInWithPhone(server, phone, { ip: freshIp() });
  };

  beforeAll(async () => {
    server = await startTestServer({
      database,
      clock,
      accountEvents: events,
      env: { TRUST_PROXY: "on" },
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    revoked.length = 0;
  });

  const info = (token: string, lang = "en") =>
    call(server, "GET", "user/v1/info", { token, lang });
  const refresh = (refreshToken: string) =>
    call<Tokens>(server, "POST", "oapi/v1/refreshToken", {
      body: { refresh_token: refreshToken },
      lang: "en",
    });
  const verifyImToken = () => createImAuthenticator({ db: server.db, clock });

  it("rotates the refresh token and keeps the session", async () => {
    const first = await signIn();
    const before = (await info(first.app_token)).body.data;
    clock.advance(SECOND);
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.data.refresh_token).not.toBe(first.refresh_token);
    expect(second.body.data.app_token).not.toBe(first.app_token);
    expect(second.body.data.expires_in).toBe(900);
    const after = (await info(second.body.data.app_token)).body.data;
    expect(after.userId).toBe(before.userId);
    expect(after.imToken).toBe(before.imToken);
    const third = await refresh(second.body.data.refresh_token);
    expect(third.status).toBe(200);
  });

  it("revokes the whole family when a used refresh token comes back", async () => {
    const phone = freshPhone();
    const stolen = await signIn(phone);
    const otherDevice = await signIn(phone);
    const rotated = (await refresh(stolen.refresh_token)).body.data;

    const reuse = await refresh(stolen.refresh_token);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toMatchObject({
      code: 401,
      data: null,
      msg: "This sign-in was used twice, so it was ended to protect your account. Please sign in again.",
    });
    expect(reuse.headers.get("www-authenticate")).toBe(
      'Bearer realm="fuyuan", error="invalid_token", error_description="refresh_reused"',
    );
    expect((await refresh(rotated.refresh_token)).status).toBe(401);
    const access = await info(rotated.app_token);
    expect(access.status).toBe(401);
    expect(access.body.msg).toBe(
      "You have been signed out. Please sign in again.",
    );
    expect((await info(otherDevice.app_token)).status).toBe(200);
    expect(revoked).toEqual([
      {
        userId: (await info(otherDevice.app_token)).body.data.userId,
        sessionIds: [expect.any(String)],
        reason: "refresh_reuse",
      },
    ]);
  });

  it("logout revokes this session's access, refresh and IM tokens at once", async () => {
    const phone = freshPhone();
    const here = await signIn(phone);
    const elsewhere = await signIn(phone);
    const me = (await info(here.app_token)).body.data;
    const check = verifyImToken();
    expect(await check(me.imId, me.imToken)).toEqual({
      userId: me.userId,
      sessionId: expect.any(String),
      expiresAt: expect.any(Number),
    });

    const out = await call(server, "GET", "user/v1/loginOut", {
      token: here.app_token,
    });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ code: 0, data: null, msg: "ok" });
    expect((await info(here.app_token)).status).toBe(401);
    expect((await refresh(here.refresh_token)).status).toBe(401);
    expect(await check(me.imId, me.imToken)).toBeNull();
    expect((await info(elsewhere.app_token)).status).toBe(200);
    expect(revoked).toEqual([
      { userId: me.userId, sessionIds: [expect.any(String)], reason: "logout" },
    ]);
    const again = await call(server, "GET", "user/v1/loginOut", {
      token: here.app_token,
    });
    expect(again.status).toBe(401);
  });

  it("logoutAll signs out every session of the user", async () => {
    const phone = freshPhone();
    const sessions = [
      await signIn(phone),
      await signIn(phone),
      await signIn(phone),
    ];
    const other = await signIn();
    const me = (await info(sessions[0]!.app_token)).body.data;
    const out = await call(server, "POST", "user/v1/logoutAll", {
      token: sessions[1]!.app_token,
    });
    expect(out.body).toEqual({ code: 0, data: null, msg: "ok" });
    for (const session of sessions) {
      expect((await info(session.app_token)).status).toBe(401);
      expect((await refresh(session.refresh_token)).status).toBe(401);
    }
    expect((await info(other.app_token)).status).toBe(200);
    expect(revoked).toHaveLength(1);
    expect(revoked[0]).toMatchObject({
      userId: me.userId,
      reason: "logout_all",
    });
    expect(new Set(revoked[0]!.sessionIds).size).toBe(3);
  });

  it("expires access tokens after expires_in seconds; refresh still works", async () => {
    const tokens = await signIn();
    clock.advance(899 * SECOND);
    expect((await info(tokens.app_token)).status).toBe(200);
    clock.advance(SECOND);
    const expired = await info(tokens.app_token);
    expect(expired.status).toBe(401);
    expect(expired.body.msg).toBe(
      "Your sign-in has expired. Please sign in again.",
    );
    expect(expired.headers.get("www-authenticate")).toContain(
      'error_description="token_expired"',
    );
    const renewed = await refresh(tokens.refresh_token);
    expect((await info(renewed.body.data.app_token)).status).toBe(200);
  });

  it("ends a session 30 days after sign-in, whatever the refreshes", async () => {
    let tokens = await signIn();
    for (let day = 0; day < 29; day++) {
      clock.advance(DAY);
      const next = await refresh(tokens.refresh_token);
      expect(next.status).toBe(200);
      tokens = next.body.data;
    }
    clock.advance(DAY);
    const ended = await refresh(tokens.refresh_token);
    expect(ended.status).toBe(401);
    expect(ended.body.msg).toBe(
      "Your sign-in is no longer valid. Please sign in again.",
    );
    expect((await info(tokens.app_token)).status).toBe(401);
  });

  it.each([
    ["no Authorization header", undefined, "Please sign in."],
    ["a Basic header", "Basic dXNlcjpwYXNz", "Please sign in."],
    [
      "a token that is not a JWT",
      "Bearer abc.def",
      "Your sign-in is not valid. Please sign in again.",
    ],
    [
      "an unknown refresh token as access token",
      "Bearer Zm9vYmFyYmF6",
      "Your sign-in is not valid. Please sign in again.",
    ],
  ])("answers 401 for %s", async (_label, authorization, msg) => {
    const response = await call(server, "GET", "user/v1/info", {
      lang: "en",
      ...(authorization === undefined ? {} : { headers: { authorization } }),
    });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 401, data: null, msg });
    expect(response.headers.get("www-authenticate")).toMatch(
      /^Bearer realm="fuyuan"/,
    );
  });

  it("refuses tampered and foreign-signed tokens", async () => {
    const tokens = await signIn();
    const [header, payload] = tokens.app_token.split(".") as [string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const forged = (
      body: object,
      key = "not-the-server-secret-0123456789abcdef",
      head = header,
    ) => {
      const p = Buffer.from(JSON.stringify(body)).toString("base64url");
      const sig = createHmac("sha256", key)
        .update(`${head}.${p}`)
        .digest("base64url");
      return `${head}.${p}.${sig}`;
    };
    const otherUser = { ...claims, sub: "2" };
    const tamperedPayload = `${header}.${Buffer.from(JSON.stringify(otherUser)).toString("base64url")}.${tokens.app_token.split(".")[2]}`;
    const none = Buffer.from(
      JSON.stringify({ alg: "none", typ: "JWT" }),
    ).toString("base64url");
    for (const token of [
      tamperedPayload,
      forged(claims),
      `${none}.${payload}.`,
      forged(claims, "x", none),
    ]) {
      const response = await info(token);
      expect(response.status, token).toBe(401);
      expect(response.body.msg).toBe(
        "Your sign-in is not valid. Please sign in again.",
      );
    }
    const refreshed = await refresh("not-a-refresh-token");
    expect(refreshed.status).toBe(401);
    expect(refreshed.body.msg).toBe(
      "Your sign-in is no longer valid. Please sign in again.",
    );
    const empty = await call(server, "POST", "oapi/v1/refreshToken", {
      body: {},
      lang: "en",
    });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe("Invalid request field: refresh_token");
  });

  it("gives every sign-in its own IM token, valid only for that user's live sessions", async () => {
    const phone = freshPhone();
    const a = await signIn(phone);
    const b = await signIn(phone);
    const infoA = (await info(a.app_token)).body.data;
    const infoB = (await info(b.app_token)).body.data;
    expect(infoA.imToken).toMatch(/^[\w-]{43}$/);
    expect(infoB.imToken).not.toBe(infoA.imToken);
    expect((await info(a.app_token)).body.data.imToken).toBe(infoA.imToken);

    const check = verifyImToken();
    const whoA = await check(infoA.imId, infoA.imToken);
    const whoB = await check(infoB.imId, infoB.imToken);
    expect(whoA).toEqual({
      userId: infoA.userId,
      sessionId: expect.any(String),
      expiresAt: expect.any(Number),
    });
    expect(whoB?.sessionId).not.toBe(whoA?.sessionId);
    expect(await check("demo_user", infoA.imToken)).toBeNull();
    expect(
      await check(
        infoA.imId,
        `${infoA.imToken.slice(0, -1)}${infoA.imToken.endsWith("A") ? "B" : "A"}`,
      ),
    ).toBeNull();
    expect(await check(infoA.imId, "")).toBeNull();
    expect(await check("no-such-user", infoA.imToken)).toBeNull();
  });

  it("keeps at most 20 live sessions per user, ending the oldest", async () => {
    const first = await signInWithWechatEmulator(server, {
      identity: "demo-3",
    });
    const firstInfo = (await info(first.app_token)).body.data;
    for (let i = 0; i < 19; i++) {
      clock.advance(SECOND);
      await signInWithWechatEmulator(server, { identity: "demo-3" });
    }
    expect((await info(first.app_token)).status).toBe(200);
    expect(revoked).toEqual([]);
    clock.advance(SECOND);
    const newest = await signInWithWechatEmulator(server, {
      identity: "demo-3",
    });
    expect((await info(first.app_token)).status).toBe(401);
    expect((await info(newest.app_token)).status).toBe(200);
    expect(revoked).toEqual([
      {
        userId: firstInfo.userId,
        sessionIds: [expect.any(String)],
        reason: "session_limit",
      },
    ]);
  });
});

describe("ACCESS_TOKEN_TTL_SECONDS", () => {
  it("sets expires_in and the access token's life", async () => {
    const clock = testClock();
    const server = await startTestServer({
      clock,
      seed: false,
      env: { ACCESS_TOKEN_TTL_SECONDS: "5" },
    });
    try {
      const tokens = await signInWithPhone(server, "13900000009");
      expect(tokens.expires_in).toBe(5);
      expect(
        (await call(server, "GET", "user/v1/info", { token: tokens.app_token }))
          .status,
      ).toBe(200);
      clock.advance(5 * SECOND);
      expect(
        (await call(server, "GET", "user/v1/info", { token: tokens.app_token }))
          .status,
      ).toBe(401);
    } finally {
      await server.close();
    }
  });
});
