// Issue #9, sessions: every rule and where a test asserts it.
//
//   access token ≤ 15 min ......... here: the token's own exp − iat is 900 s, refused at 900 s;
//                                   auth/authConfig: ACCESS_TOKEN_TTL_SECONDS 0, 901, 1.5 refused at
//                                   start-up; auth/sessions "ACCESS_TOKEN_TTL_SECONDS" sets it
//   refresh ≥ 128 random bits ..... here: 256 bits each, all distinct, every bit position balanced
//   refresh stored hashed ......... here: only SHA-256 in refresh_tokens; no row holds a token
//   rotated on use ................ here (the used row is marked, a new one added);
//                                   auth/sessions "rotates the refresh token and keeps the session"
//   replay revokes the family ..... auth/sessions "revokes the whole family…"; here including the
//                                   session's live IM connections (DISCONNECT, closed)
//   absolute life ≤ 30 days ....... here: expires_at − created_at is exactly 30 days; a refresh at
//                                   30 d − 1 s works, at 30 d nothing does and a live IM link gets
//                                   DISCONNECT from the gateway's sweeper; auth/sessions "ends a
//                                   session 30 days after sign-in, whatever the refreshes"
//   logout at once, incl. IM ...... here; im/gatewayConnect "logout closes that session's
//                                   connections with DISCONNECT, and only those"
//   sign out everywhere at once ... here: every connection of every session gets DISCONNECT and
//                                   the user is offline before the HTTP answer arrives
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { Op, ReasonCode } from "#protocol";
import { GatewayCloseCode } from "../../../server/im/gatewayCloseCodes";
import { call, type Tokens } from "../../support/server/accountsApi";
import { testClock } from "../../support/testClock";
import { describeEachDatabase } from "../../support/server/testDb";
import { ImTestClient } from "../../support/server/im/ImTestClient";
import {
  type ImServer,
  type ImUser,
  signIn,
  startImServer,
} from "../../support/server/im/imServer";

const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;

const sha256 = (value: string) =>
  createHash("sha256").update(value).digest("hex");

describeEachDatabase("sessions (issue #9)", (database) => {
  let server: ImServer;
  const clock = testClock();
  const clients: ImTestClient[] = [];

  beforeAll(async () => {
    server = await startImServer({ database, clock });
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.kill();
  });
  afterAll(() => server.close());

  const info = (token: string) =>
    call(server, "GET", "user/v1/info", { token, lang: "en" });
  const refresh = (token: string) =>
    call<Tokens>(server, "POST", "oapi/v1/refreshToken", {
      body: { refresh_token: token },
      lang: "en",
    });
  const connect = async (uid: string, token: string) => {
    const client = await ImTestClient.connect(server.imUrl, { uid, token });
    clients.push(client);
    return client;
  };
  const live = async (user: ImUser) => {
    const client = await connect(user.imId, user.imToken);
    expect(client.connack?.reasonCode).toBe(ReasonCode.SUCCESS);
    return client;
  };
  /** DISCONNECT (the SDK stops reconnecting), then the socket closes as "session revoked". */
  const disconnected = async (client: ImTestClient) => {
    expect((await client.next(Op.DISCONNECT)).reasonCode).toBe(
      ReasonCode.AUTH_FAIL,
    );
    expect((await client.closed).code).toBe(GatewayCloseCode.SESSION_REVOKED);
  };
  const stillOpen = async (client: ImTestClient) => {
    client.sendFrame({ op: Op.PING });
    await client.next(Op.PONG);
    expect(client.isClosed).toBe(false);
  };
  const refusedConnect = async (user: ImUser) => {
    const client = await connect(user.imId, user.imToken);
    expect(client.connack?.reasonCode).toBe(ReasonCode.AUTH_FAIL);
  };
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await server.db.execute(query)) as { rows: Record<string, unknown>[] })
      .rows;

  it("issues access tokens that live 900 s (15 minutes) and not a second more", async () => {
    const alice = await signIn(server, clock);
    const { app_token: token, expires_in: expiresIn } = alice.tokens;
    expect(expiresIn).toBe(900);
    const claims = JSON.parse(
      Buffer.from(token.split(".")[1]!, "base64url").toString(),
    ) as { iat: number; exp: number };
    expect(claims.exp - claims.iat).toBe(900);
    clock.advance(899 * SECOND);
    expect((await info(token)).status).toBe(200);
    clock.advance(SECOND);
    expect((await info(token)).status).toBe(401);
  });

  it("gives refresh tokens 256 random bits and keeps only their SHA-256", async () => {
    const alice = await signIn(server, clock);
    const tokens = [alice.tokens.refresh_token];
    for (let i = 0; i < 100; i++) {
      const next = await refresh(tokens.at(-1)!);
      expect(next.status).toBe(200);
      tokens.push(next.body.data.refresh_token);
    }
    const bytes = tokens.map((t) => Buffer.from(t, "base64url"));
    for (const [i, b] of bytes.entries()) {
      expect(b.length).toBe(32);
      expect(b.toString("base64url")).toBe(tokens[i]);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
    // NOTE: a counter, a timestamp or a short key would leave bit positions (nearly) constant.
    for (let bit = 0; bit < 256; bit++) {
      const ones = bytes.filter(
        (b) => (b[bit >> 3]! >> (7 - (bit & 7))) & 1,
      ).length;
      expect(ones, `bit ${bit}`).toBeGreaterThan(20);
      expect(ones, `bit ${bit}`).toBeLessThan(81);
    }

    const stored = await rows(sql`
      select r.* from refresh_tokens r join sessions s on s.id = r.session_id
      join users u on u.id = s.user_id where u.im_id = ${alice.imId}`);
    expect(stored.map((r) => r.token_hash).sort()).toEqual(
      tokens.map(sha256).sort(),
    );
    const session = await rows(sql`
      select s.* from sessions s join users u on u.id = s.user_id
      where u.im_id = ${alice.imId}`);
    const everything = JSON.stringify([stored, session]);
    for (const secret of [...tokens, alice.imToken, alice.tokens.app_token])
      expect(everything).not.toContain(secret);
  });

  it("rotates on use; a replay ends the session and disconnects its live IM connections", async () => {
    const alice = await signIn(server, clock);
    const otherDevice = await signIn(server, clock, alice.phone);
    const here = await live(alice);
    const there = await live(otherDevice);

    const rotated = await refresh(alice.tokens.refresh_token);
    expect(rotated.status).toBe(200);
    const [used] = await rows(
      sql`select used_at from refresh_tokens where token_hash = ${sha256(alice.tokens.refresh_token)}`,
    );
    expect(used?.used_at).not.toBeNull();
    await stillOpen(here);

    const replay = await refresh(alice.tokens.refresh_token);
    expect(replay.status).toBe(401);
    await disconnected(here);
    await stillOpen(there);
    expect((await refresh(rotated.body.data.refresh_token)).status).toBe(401);
    expect((await info(rotated.body.data.app_token)).status).toBe(401);
    await refusedConnect(alice);
    expect((await info(otherDevice.tokens.app_token)).status).toBe(200);
  });

  it("ends a session exactly 30 days after sign-in: tokens, refresh and IM token", async () => {
    const alice = await signIn(server, clock);
    const [session] = await rows(sql`
      select s.created_at, s.expires_at from sessions s join users u on u.id = s.user_id
      where u.im_id = ${alice.imId}`);
    const life =
      new Date(String(session!.expires_at)).getTime() -
      new Date(String(session!.created_at)).getTime();
    expect(life).toBe(30 * DAY);

    clock.advance(30 * DAY - SECOND);
    const last = await refresh(alice.tokens.refresh_token);
    expect(last.status).toBe(200);
    const connection = await live(alice);
    clock.advance(SECOND);
    // The access token from that last refresh has 899 s left, but its session has ended.
    expect((await info(last.body.data.app_token)).status).toBe(401);
    expect((await refresh(last.body.data.refresh_token)).status).toBe(401);
    await refusedConnect(alice);
    // The link opened a second before the end does not outlive it: the sweeper disconnects it.
    await disconnected(connection);
  });

  it("logout ends this session at once: access, refresh and IM token, and its live connections", async () => {
    const alice = await signIn(server, clock);
    const otherDevice = await signIn(server, clock, alice.phone);
    const [a1, a2] = [await live(alice), await live(alice)];
    const elsewhere = await live(otherDevice);

    const out = await call(server, "GET", "user/v1/loginOut", {
      token: alice.tokens.app_token,
    });
    expect(out.status).toBe(200);
    expect((await info(alice.tokens.app_token)).status).toBe(401);
    expect((await refresh(alice.tokens.refresh_token)).status).toBe(401);
    await refusedConnect(alice);
    await disconnected(a1);
    await disconnected(a2);
    await stillOpen(elsewhere);
  });

  it("sign out everywhere ends every session at once; the user is offline before the answer arrives", async () => {
    const alice = await signIn(server, clock);
    const sessions = [
      alice,
      await signIn(server, clock, alice.phone),
      await signIn(server, clock, alice.phone),
    ];
    const bob = await signIn(server, clock);
    const connections = [
      await live(sessions[0]!),
      await live(sessions[1]!),
      await live(sessions[1]!),
      await live(sessions[2]!),
    ];
    const bystander = await live(bob);
    const online = async () =>
      (
        await call(server, "GET", `user/v1/targetInfoByIm?imId=${alice.imId}`, {
          token: bob.tokens.app_token,
        })
      ).body.data.online;
    expect(await online()).toBe(true);

    const out = await call(server, "POST", "user/v1/logoutAll", {
      token: sessions[2]!.tokens.app_token,
    });
    expect(out.status).toBe(200);
    expect(await online()).toBe(false);
    for (const session of sessions) {
      expect((await info(session.tokens.app_token)).status).toBe(401);
      expect((await refresh(session.tokens.refresh_token)).status).toBe(401);
      await refusedConnect(session);
    }
    for (const connection of connections) await disconnected(connection);
    await stillOpen(bystander);
  });
});
