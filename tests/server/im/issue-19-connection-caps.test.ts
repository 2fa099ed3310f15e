// Issue 19 item 3 (no limit on connections), over real sockets against the real gateway: a per-IP
// cap on sockets still in their handshake (TRUST_PROXY-aware), a per-account cap on open
// connections (the oldest gets DISCONNECT 12), and one SEND budget per account across its sockets.
import { Op, ReasonCode } from "#protocol";
import { GatewayCloseCode } from "../../../server/im/gatewayCloseCodes";
import { testClock } from "../../support/testClock";
import { describeEachDatabase } from "../../support/server/testDb";
import { storedMessages } from "../../support/server/im/imQueries";
import { ImTestClient } from "../../support/server/im/ImTestClient";
import {
  type ImServer,
  type ImUser,
  signIn,
  startImServer,
} from "../../support/server/im/imServer";

const text = (content: string) => ({ type: 1, content });

describeEachDatabase("[#19] IM gateway: connection caps", (database) => {
  const clock = testClock();
  const clients: ImTestClient[] = [];
  const servers: ImServer[] = [];
  const start = async (
    options: Omit<Parameters<typeof startImServer>[0], "database" | "clock">,
  ) => {
    const server = await startImServer({ database, clock, ...options });
    servers.push(server);
    return server;
  };
  const open = async (
    server: ImServer,
    headers: Record<string, string> = {},
  ) => {
    const client = await ImTestClient.open(server.imUrl, 4, headers);
    clients.push(client);
    return client;
  };
  const connect = async (server: ImServer, user: ImUser) => {
    const client = await ImTestClient.connect(server.imUrl, {
      uid: user.imId,
      token: user.imToken,
    });
    clients.push(client);
    expect(client.connack?.reasonCode).toBe(ReasonCode.SUCCESS);
    return client;
  };
  afterEach(async () => {
    for (const client of clients.splice(0)) client.kill();
    for (const server of servers.splice(0)) await server.close();
  });

  it("[#19] an IP with IM_MAX_HANDSHAKES_PER_IP sockets before CONNECT gets 429 for the next; CONNECT or close frees a slot", async () => {
    const server = await start({ im: { maxHandshakesPerIp: 3 } });
    const alice = await signIn(server, clock);
    const waiting = [
      await open(server),
      await open(server),
      await open(server),
    ];
    await expect(open(server)).rejects.toThrow(/429/);
    // NOTE: TRUST_PROXY is on in this server: another client behind the proxy has its own count.
    await open(server, { "x-forwarded-for": "198.51.100.7" });
    await expect(open(server)).rejects.toThrow(/429/);

    const [first, second] = waiting as [ImTestClient, ImTestClient];
    const connack = await first.handshake({
      uid: alice.imId,
      token: alice.imToken,
    });
    expect(connack.reasonCode).toBe(ReasonCode.SUCCESS);
    await open(server);
    await expect(open(server)).rejects.toThrow(/429/);
    await second.close();
    await open(server);
    await expect(open(server)).rejects.toThrow(/429/);
  });

  for (const trustProxy of ["off", "10.0.0.0/8"]) {
    it(`[#19] with TRUST_PROXY=${trustProxy} X-Forwarded-For from the peer is ignored by the handshake cap`, async () => {
      const server = await start({
        im: { maxHandshakesPerIp: 2 },
        trustProxy,
      });
      await open(server, { "x-forwarded-for": "198.51.100.1" });
      await open(server, { "x-forwarded-for": "198.51.100.2" });
      await expect(
        open(server, { "x-forwarded-for": "198.51.100.3" }),
      ).rejects.toThrow(/429/);
    });
  }

  it("[#19] beyond IM_MAX_CONNECTIONS_PER_ACCOUNT a new login closes the account's oldest connection with DISCONNECT 12", async () => {
    const server = await start({ im: { maxConnectionsPerAccount: 2 } });
    const alice = await signIn(server, clock);
    const bob = await signIn(server, clock);
    const oldest = await connect(server, alice);
    const middle = await connect(server, alice);
    const bobs = await connect(server, bob);
    const newest = await connect(server, alice);

    expect(await oldest.next(Op.DISCONNECT)).toMatchObject({
      reasonCode: ReasonCode.CONNECT_KICK,
      reason: "too many connections",
    });
    expect((await oldest.closed).code).toBe(GatewayCloseCode.KICKED);
    expect(middle.isClosed).toBe(false);
    expect(bobs.isClosed).toBe(false);
    const ack = await newest.sendAndAck(text("still here"), {
      channelId: bob.imId,
    });
    expect(ack.reasonCode).toBe(ReasonCode.SUCCESS);
    await middle.next(Op.RECV);
    await bobs.next(Op.RECV);
    expect(await middle.nothing(Op.DISCONNECT, 100)).toBe(true);
  });

  it("[#19] one account's SENDs share one IM_ACCOUNT_SEND_RATE budget across its connections; other accounts keep theirs", async () => {
    const server = await start({
      // NOTE: a refill of one token per 1000 s: within the test the burst is all there is.
      im: { accountSendRatePerSecond: 0.001, accountSendBurst: 4 },
    });
    const alice = await signIn(server, clock);
    const bob = await signIn(server, clock);
    const a1 = await connect(server, alice);
    const a2 = await connect(server, alice);
    const b = await connect(server, bob);
    const to = { channelId: bob.imId };
    const reasons: number[] = [];
    for (const client of [a1, a2, a1, a2, a1, a2])
      reasons.push((await client.sendAndAck(text("hi"), to)).reasonCode);
    expect(reasons).toEqual([
      ReasonCode.SUCCESS,
      ReasonCode.SUCCESS,
      ReasonCode.SUCCESS,
      ReasonCode.SUCCESS,
      ReasonCode.RATE_LIMIT,
      ReasonCode.RATE_LIMIT,
    ]);
    expect(await storedMessages(server.db, alice.imId)).toHaveLength(4);
    expect(
      (await b.sendAndAck(text("hello"), { channelId: alice.imId })).reasonCode,
    ).toBe(ReasonCode.SUCCESS);
  });
});
