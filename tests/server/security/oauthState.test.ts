// Issue #9, OAuth `state`: ≥ 128 bits, single use, bound to the browser, ≤ 10 minutes, for the
// WeChat sign-in state (oapi/v1/wxState, server/domain/auth/oauthStates.ts) and the payment's
// silent-authorisation state (pay/v1/oauthState, bound to the order and its signed-in owner).
//
//   ≥ 128 bits ............ here: 26 base-36 characters (134 bits), uniform, distinct, stored hashed
//   single use ............ auth/wechatLogin "accepts a state once"; here under 6 concurrent tries;
//                           the payment state too
//   bound to the browser .. auth/wechatLogin "refuses a login without the fy_oauth cookie" and "…a
//                           state from another browser…"; here: another browser's try does not
//                           burn it; the cookie is HttpOnly, SameSite=Lax and lives ≤ 10 minutes;
//                           the payment state binds to the order (another order's is refused;
//                           another user's order is 404: idorMatrix)
//   ≤ 10 minutes .......... here, to the second, for both states
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import {
  call,
  cookieOf,
  wechatEmulatorReturn,
  type Tokens,
} from "../../support/server/accountsApi";
import { testClock } from "../../support/testClock";
import { describeEachDatabase } from "../../support/server/testDb";
import { startTestServer, type TestServer } from "../../support/server/testServer";
import {
  type CommerceServer,
  type Customer,
  placeOrder,
  post,
  signIn,
  startCommerceServer,
} from "../orders/commerceApi";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz";

const sha256 = (value: string) =>
  createHash("sha256").update(value).digest("hex");

/** Every state is 26 base-36 characters, all distinct, and the characters are evenly used. */
function expectUniformStates(states: readonly string[]): void {
  for (const state of states) expect(state).toMatch(/^[0-9a-z]{26}$/);
  expect(new Set(states).size).toBe(states.length);
  // NOTE: 26 × log2(36) ≈ 134.4 bits, if every character is equally likely: each of the 36
  // should appear about 1/36 of the time (expected 217 of 7,800; the bounds are ~4.5 σ).
  const all = states.join("");
  for (const symbol of BASE36) {
    const seen = all.split(symbol).length - 1;
    expect(seen, symbol).toBeGreaterThan(all.length / 36 - 66);
    expect(seen, symbol).toBeLessThan(all.length / 36 + 66);
  }
}

describeEachDatabase("WeChat sign-in state (issue #9)", (database) => {
  let server: TestServer;
  const clock = testClock();

  beforeAll(async () => {
    server = await startTestServer({
      database,
      clock,
      seed: false,
      env: { TRUST_PROXY: "1" },
    });
  });
  afterAll(() => server.close());

  /** Each test's states come from its own address (one address may start 120 per hour). */
  let ip = 0;
  beforeEach(() => {
    ip += 1;
  });
  const wxState = (cookie?: string, from = `198.51.100.${String(ip)}`) =>
    call<{ state: string }>(server, "POST", "oapi/v1/wxState", {
      body: { type: 1 },
      ip: from,
      ...(cookie === undefined ? {} : { headers: { cookie } }),
    });
  const wxLogin = (
    back: { code: string; state: string },
    cookie: string | undefined,
  ) =>
    call<Tokens>(server, "POST", "oapi/v1/wxLogin", {
      body: { code: back.code, state: back.state, type: 1 },
      lang: "en",
      ...(cookie === undefined ? {} : { headers: { cookie } }),
    });

  it("issues uniform 134-bit states and stores only hashes of them and of the browser id", async () => {
    const first = await wxState();
    const cookie = cookieOf(first);
    const states = [first.body.data.state];
    for (let i = 0; i < 299; i++)
      states.push(
        (await wxState(cookie, `203.0.113.${String(i % 3)}`)).body.data.state,
      );
    expectUniformStates(states);

    const rows = (
      (await server.db.execute(sql`select * from oauth_states`)) as {
        rows: { state_hash: string; browser_hash: string }[];
      }
    ).rows;
    const stored = JSON.stringify(rows);
    const browserId = cookie.slice("fy_oauth=".length);
    expect(stored).not.toContain(browserId);
    for (const state of states) expect(stored).not.toContain(state);
    expect(rows.map((r) => r.state_hash)).toEqual(
      expect.arrayContaining(states.map(sha256)),
    );
    expect(new Set(rows.map((r) => r.browser_hash))).toEqual(
      new Set([sha256(browserId)]),
    );
  });

  it("lets one address start 120 sign-ins an hour, then answers 429 with Retry-After until the oldest is an hour old", async () => {
    const from = "192.0.2.77";
    for (let i = 0; i < 120; i++) {
      expect((await wxState(undefined, from)).status).toBe(200);
      clock.advance(10 * SECOND);
    }
    const storedStates = async () =>
      (
        (await server.db.execute(
          sql`select count(*)::int as n from oauth_states`,
        )) as { rows: { n: number }[] }
      ).rows[0]!.n;
    const before = await storedStates();
    const refused = await wxState(undefined, from);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 429, data: null });
    expect(refused.body.msg).toMatch(/微信登录过于频繁/);
    // The first was issued 20 minutes ago: it leaves the window in 40 minutes.
    expect(refused.headers.get("retry-after")).toBe("2400");
    expect(await storedStates()).toBe(before);
    // Another address is not affected; the refused one again once the oldest has left the window.
    expect((await wxState(undefined, "192.0.2.78")).status).toBe(200);
    clock.advance(40 * MINUTE);
    expect((await wxState(undefined, from)).status).toBe(200);
  });

  it("binds the state with an HttpOnly, SameSite=Lax cookie that lives at most 10 minutes", async () => {
    const setCookie = (await wxState()).headers.get("set-cookie")!;
    const attributes = setCookie.split(/;\s*/).slice(1);
    expect(attributes).toContain("HttpOnly");
    expect(attributes).toContain("SameSite=Lax");
    const maxAge = Number(
      attributes.find((a) => a.startsWith("Max-Age="))?.slice(8),
    );
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(600);
    expect(attributes).toContain("Path=/api/app/oapi/v1");
  });

  it("accepts a state exactly once when six tries race", async () => {
    const back = await wechatEmulatorReturn(server);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => wxLogin(back, back.cookie)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const losers = answers.filter((a) => a.status !== 200);
    expect(losers).toHaveLength(5);
    for (const loser of losers) {
      expect(loser.status).toBe(400);
      expect(loser.body.msg).toBe(
        "This WeChat sign-in link was already used. Please start again.",
      );
    }
  });

  it("refuses the state from another browser or none, without burning it for its own browser", async () => {
    const back = await wechatEmulatorReturn(server);
    const otherBrowser = cookieOf(await wxState());
    const elsewhere = await wxLogin(back, otherBrowser);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.msg).toBe(
      "The WeChat sign-in could not be verified. Please start again.",
    );
    const none = await wxLogin(back, undefined);
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe(
      "The WeChat sign-in could not be matched to this browser. Please start again.",
    );
    expect((await wxLogin(back, back.cookie)).status).toBe(200);
  });

  it("accepts a state at 10 minutes less a second, and not at 10 minutes", async () => {
    const kept = await wechatEmulatorReturn(server);
    const lapsed = await wechatEmulatorReturn(server, { cookie: kept.cookie });
    clock.advance(10 * MINUTE - SECOND);
    // NOTE: the emulator's codes live 5 minutes: fresh codes isolate the state's own rule.
    const fresh = () =>
      wechatEmulatorReturn(server, { cookie: kept.cookie }).then((b) => b.code);
    expect(
      (await wxLogin({ code: await fresh(), state: kept.state }, kept.cookie))
        .status,
    ).toBe(200);
    clock.advance(SECOND);
    const expired = await wxLogin(
      { code: await fresh(), state: lapsed.state },
      kept.cookie,
    );
    expect(expired.status).toBe(400);
    expect(expired.body.msg).toBe(
      "The WeChat sign-in took too long. Please start again.",
    );
  });
});

describeEachDatabase("payment authorisation state (issue #9)", (database) => {
  let server: CommerceServer;
  let alice: Customer;

  beforeAll(async () => {
    server = await startCommerceServer(database);
    alice = await signIn(server);
  });
  afterAll(() => server.close());

  const oauthState = async (masterId: number) => {
    const started = await post(
      server,
      "pay/v1/oauthState",
      { masterId },
      alice,
    );
    expect(started.status).toBe(200);
    return started.body.data as { state: string; authorizeUrl: string };
  };
  /** The browser's trip through the emulator's silent authorisation: the code it brings back. */
  const codeFor = async (authorizeUrl: string) => {
    const url = new URL(authorizeUrl);
    const chosen = await fetch(
      new URL("/dev/wechat/authorize", server.baseUrl),
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          appid: url.searchParams.get("appid")!,
          redirect_uri: url.searchParams.get("redirect_uri")!,
          state: url.searchParams.get("state")!,
          identity: "demo-2",
        }).toString(),
        redirect: "manual",
      },
    );
    expect(chosen.status).toBe(302);
    return new URL(chosen.headers.get("location")!).searchParams.get("code")!;
  };
  const bind = (masterId: number, state: string, code: string) =>
    post(server, "pay/v1/bindOpenid", { code, state, masterId }, alice);

  it("issues uniform 134-bit states", async () => {
    const order = await placeOrder(server, alice);
    const states: string[] = [];
    for (let i = 0; i < 300; i++)
      states.push((await oauthState(order.masterId)).state);
    expectUniformStates(states);
  });

  it("binds a state to its order, accepts it once, and only within 10 minutes", async () => {
    const [kept, lapsed, other] = [
      await placeOrder(server, alice),
      await placeOrder(server, alice),
      await placeOrder(server, alice),
    ];
    const keptState = await oauthState(kept.masterId);
    const lapsedState = await oauthState(lapsed.masterId);
    const otherState = await oauthState(other.masterId);

    server.clock.advance(10 * MINUTE - SECOND);
    const wrongOrder = await bind(
      other.masterId,
      keptState.state,
      await codeFor(keptState.authorizeUrl),
    );
    expect(wrongOrder.status).toBe(400);
    const bound = await bind(
      kept.masterId,
      keptState.state,
      await codeFor(keptState.authorizeUrl),
    );
    expect(bound.status).toBe(200);
    const replay = await bind(
      kept.masterId,
      keptState.state,
      await codeFor(keptState.authorizeUrl),
    );
    expect(replay.status).toBe(400);

    server.clock.advance(SECOND);
    for (const [order, started] of [
      [lapsed, lapsedState],
      [other, otherState],
    ] as const) {
      const late = await bind(
        order.masterId,
        started.state,
        await codeFor(started.authorizeUrl),
      );
      expect(late.status).toBe(400);
      expect(late.body.msg).toMatch(/has expired/);
    }
  });
});
