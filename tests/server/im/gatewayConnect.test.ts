// CONNECT over a real WebSocket in protocol versions 2, 4 and 5: the CONNACK layout of each version
// with a usable key exchange, every refusal (wrong token, banned, empty or unusable client key,
// unsupported version) with its reason and close code, the handshake and idle timers, the master
// device kick, and logout / ban closing exactly the revoked sessions' connections.
import { AccountEvents } from "../../../server/domain/auth/accountEvents";
import { createAuthServices } from "../../../server/domain/auth/createAuthServices";
import { banUser } from "../../../server/domain/users/banUser";
import { parseConfig } from "../../../server/config/appConfig";
import { createLogger } from "../../../server/lib/logger";
import { DeviceLevel, Op, ReasonCode } from "#protocol";
import { GatewayCloseCode } from "../../../server/im/gatewayCloseCodes";
import { call } from "../../support/server/accountsApi";
import { testClock } from "../../support/testClock";
import { describeEachDatabase } from "../../support/server/testDb";
import { ImTestClient } from "../../support/server/im/ImTestClient";
import {
  type ImServer,
  type ImUser,
  signIn,
  startImServer,
} from "../../support/server/im/imServer";

const VERSIONS = [2, 4, 5] as const;

describeEachDatabase("IM gateway: CONNECT", (database) => {
  let server: ImServer;
  const clock = testClock();
  const events = new AccountEvents();
  let alice: ImUser;
  const clients: ImTestClient[] = [];
  const open = async (options: Parameters<typeof ImTestClient.connect>[1]) => {
    const client = await ImTestClient.connect(server.imUrl, options);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    server = await startImServer({
      database,
      clock,
      accountEvents: events,
      im: { connectTimeoutMs: 400, idleTimeoutMs: 800, sweepIntervalMs: 50 },
    });
    alice = await signIn(server, clock);
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.kill();
  });
  afterAll(() => server.close());

  for (const version of VERSIONS) {
    it(`v${version}: CONNACK in the client's layout, then PING → PONG`, async () => {
      const client = await open({
        uid: alice.imId,
        token: alice.imToken,
        version,
      });
      const connack = client.connack!;
      expect(connack.reasonCode).toBe(ReasonCode.SUCCESS);
      if (version === 2) {
        expect(connack.serverVersion).toBeUndefined();
        expect(connack.nodeId).toBeUndefined();
      } else {
        expect(connack.serverVersion).toBe(version);
        expect(connack.nodeId).toBe(1n);
      }
      expect(connack.salt).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(Buffer.from(connack.serverKey, "base64")).toHaveLength(32);
      expect(Number(connack.timeDiff)).toBeLessThan(60_000 * 60);
      client.sendFrame({ op: Op.PING });
      await client.next(Op.PONG);
      expect(client.violations).toEqual([]);
    });
  }

  it("v6 clients are answered as v5 (serverVersion = min(v, 5))", async () => {
    const client = await ImTestClient.open(server.imUrl, 5);
    clients.push(client);
    client.sendFrame(
      client.connectFrame({
        uid: alice.imId,
        token: alice.imToken,
        version: 6,
      }),
    );
    const connack = await client.next(Op.CONNACK);
    expect(connack.reasonCode).toBe(1);
    expect(connack.serverVersion).toBe(5);
  });

  for (const version of VERSIONS) {
    it(`v${version}: a wrong token gets CONNACK 2 and the socket closes (4004)`, async () => {
      const client = await open({
        uid: alice.imId,
        token: "not-the-token",
        version,
      });
      expect(client.connack!.reasonCode).toBe(ReasonCode.AUTH_FAIL);
      expect(client.connack!.serverVersion).toBe(
        version === 2 ? undefined : version,
      );
      expect((await client.closed).code).toBe(GatewayCloseCode.AUTH_FAILED);
    });
  }

  it("an unknown uid or another user's token is refused (2)", async () => {
    const bob = await signIn(server, clock);
    const wrongUser = await open({ uid: bob.imId, token: alice.imToken });
    expect(wrongUser.connack!.reasonCode).toBe(ReasonCode.AUTH_FAIL);
    const nobody = await open({ uid: "nobody_here", token: alice.imToken });
    expect(nobody.connack!.reasonCode).toBe(ReasonCode.AUTH_FAIL);
  });

  it("an empty client key gets 21, an unusable one too", async () => {
    const empty = await open({
      uid: alice.imId,
      token: alice.imToken,
      clientKey: "",
    });
    expect(empty.connack!.reasonCode).toBe(ReasonCode.CLIENT_KEY_IS_EMPTY);
    expect((await empty.closed).code).toBe(GatewayCloseCode.AUTH_FAILED);
    const short = await open({
      uid: alice.imId,
      token: alice.imToken,
      clientKey: Buffer.alloc(16).toString("base64"),
    });
    expect(short.connack!.reasonCode).toBe(ReasonCode.CLIENT_KEY_IS_EMPTY);
  });

  it("a version below 2 is closed with 4002 and no CONNACK", async () => {
    const client = await ImTestClient.open(server.imUrl, 2);
    clients.push(client);
    client.sendFrame(
      client.connectFrame({
        uid: alice.imId,
        token: alice.imToken,
        version: 1,
      }),
    );
    expect((await client.closed).code).toBe(
      GatewayCloseCode.UNSUPPORTED_VERSION,
    );
    expect(client.inbox).toEqual([]);
  });

  it("a socket that sends no CONNECT is closed after the handshake time (4003)", async () => {
    const client = await ImTestClient.open(server.imUrl);
    clients.push(client);
    const started = Date.now();
    expect((await client.closed).code).toBe(GatewayCloseCode.HANDSHAKE_TIMEOUT);
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
  });

  it("a frame other than CONNECT first closes the socket (4000)", async () => {
    const client = await ImTestClient.open(server.imUrl);
    clients.push(client);
    client.sendFrame({ op: Op.PING });
    expect((await client.closed).code).toBe(GatewayCloseCode.PROTOCOL_ERROR);
  });

  it("a silent authenticated socket is closed after the idle time (4006); pings keep it", async () => {
    const silent = await open({ uid: alice.imId, token: alice.imToken });
    const pinging = await open({ uid: alice.imId, token: alice.imToken });
    const timer = setInterval(() => {
      pinging.sendFrame({ op: Op.PING });
    }, 200);
    try {
      expect((await silent.closed).code).toBe(GatewayCloseCode.IDLE_TIMEOUT);
      await new Promise((r) => setTimeout(r, 400));
      expect(pinging.isClosed).toBe(false);
    } finally {
      clearInterval(timer);
    }
  });

  it("logout closes that session's connections with DISCONNECT, and only those", async () => {
    const other = await signIn(server, clock, alice.phone);
    const a1 = await open({
      uid: alice.imId,
      token: alice.imToken,
      version: 2,
    });
    const a2 = await open({
      uid: alice.imId,
      token: alice.imToken,
      version: 5,
    });
    const b = await open({ uid: other.imId, token: other.imToken });
    expect([a1, a2, b].map((c) => c.connack!.reasonCode)).toEqual([1, 1, 1]);
    const out = await call(server, "GET", "user/v1/loginOut", {
      token: alice.tokens.app_token,
    });
    expect(out.status).toBe(200);
    for (const c of [a1, a2]) {
      const disconnect = await c.next(Op.DISCONNECT);
      expect(disconnect.reasonCode).toBe(ReasonCode.AUTH_FAIL);
      expect((await c.closed).code).toBe(GatewayCloseCode.SESSION_REVOKED);
    }
    b.sendFrame({ op: Op.PING });
    await b.next(Op.PONG);
    expect(b.isClosed).toBe(false);
    const again = await open({ uid: alice.imId, token: alice.imToken });
    expect(again.connack!.reasonCode).toBe(ReasonCode.AUTH_FAIL);
    alice = other;
  });

  it("a ban closes every connection of the user (DISCONNECT 19) and CONNECT then gets 19", async () => {
    const carol = await signIn(server, clock);
    const carol2 = await signIn(server, clock, carol.phone);
    const c1 = await open({ uid: carol.imId, token: carol.imToken });
    const c2 = await open({
      uid: carol.imId,
      token: carol2.imToken,
      version: 2,
    });
    const bystander = await open({ uid: alice.imId, token: alice.imToken });
    const config = parseConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" });
    const auth = await createAuthServices({
      config,
      db: server.db,
      clock,
      logger: createLogger("silent"),
      events,
    });
    await banUser(
      { db: server.db, sessions: auth.sessions, events },
      carol.userId,
    );
    for (const c of [c1, c2]) {
      expect((await c.next(Op.DISCONNECT)).reasonCode).toBe(ReasonCode.BAN);
      expect((await c.closed).code).toBe(GatewayCloseCode.SESSION_REVOKED);
    }
    expect(bystander.isClosed).toBe(false);
    const refused = await open({ uid: carol.imId, token: carol.imToken });
    expect(refused.connack!.reasonCode).toBe(ReasonCode.BAN);
  });
});

describeEachDatabase("IM gateway: master device level", (database) => {
  let server: ImServer;
  const clock = testClock();

  beforeAll(async () => {
    server = await startImServer({
      database,
      clock,
      im: { deviceLevel: DeviceLevel.MASTER },
    });
  });
  afterAll(() => server.close());

  it("a new login kicks the older connection with the same device flag and another deviceID", async () => {
    const dave = await signIn(server, clock);
    const creds = { uid: dave.imId, token: dave.imToken };
    const webOld = await ImTestClient.connect(server.imUrl, {
      ...creds,
      deviceFlag: 1,
      deviceID: "web-A",
    });
    const app = await ImTestClient.connect(server.imUrl, {
      ...creds,
      deviceFlag: 0,
      deviceID: "app-A",
    });
    const sameDevice = await ImTestClient.connect(server.imUrl, {
      ...creds,
      deviceFlag: 1,
      deviceID: "web-A",
    });
    expect(await webOld.nothing(Op.DISCONNECT, 200)).toBe(true);
    const webNew = await ImTestClient.connect(server.imUrl, {
      ...creds,
      deviceFlag: 1,
      deviceID: "web-B",
    });
    for (const kicked of [webOld, sameDevice]) {
      const disconnect = await kicked.next(Op.DISCONNECT);
      expect(disconnect.reasonCode).toBe(ReasonCode.CONNECT_KICK);
      expect((await kicked.closed).code).toBe(GatewayCloseCode.KICKED);
    }
    expect(app.isClosed).toBe(false);
    webNew.sendFrame({ op: Op.PING });
    await webNew.next(Op.PONG);
    for (const c of [app, webNew]) c.kill();
  });
});
