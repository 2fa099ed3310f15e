// #20: the gateway's handshake work (WebSocket upgrades, key exchange and CONNACK) takes its turn in
// slices, so that a reconnect storm does not hold the event loop. With a slice of 0 every step of
// every handshake waits for a later turn: the handshakes still all complete, and frames sent behind
// CONNECT wait for it. (A client that resets while its upgrade waits: upgradeInTurn.test.ts.)
import { Op, ReasonCode, encodeFrame } from "#protocol";
import { testClock } from "../../support/testClock";
import { describeEachDatabase } from "../../support/server/testDb";
import { ImTestClient } from "../../support/server/im/ImTestClient";
import {
  type ImServer,
  type ImUser,
  signIn,
  startImServer,
} from "../../support/server/im/imServer";

describeEachDatabase("[#20] IM gateway: handshakes in slices", (database) => {
  let server: ImServer;
  const clock = testClock();
  const users: ImUser[] = [];
  const clients: ImTestClient[] = [];

  beforeAll(async () => {
    server = await startImServer({
      database,
      clock,
      im: { handshakeSliceMs: 0 },
    });
    for (let i = 0; i < 5; i++) users.push(await signIn(server, clock));
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.kill();
  });
  afterAll(() => server.close());

  const connect = async (user: ImUser) => {
    const client = await ImTestClient.connect(server.imUrl, {
      uid: user.imId,
      token: user.imToken,
    });
    clients.push(client);
    return client;
  };

  it("[#20] 30 clients connecting at once all get CONNACK 1, and each can send", async () => {
    const all = await Promise.all(
      Array.from({ length: 30 }, (_, i) => connect(users[i % 5] as ImUser)),
    );
    expect(all.map((c) => c.connack?.reasonCode)).toEqual(
      Array(30).fill(ReasonCode.SUCCESS),
    );
    const acks = await Promise.all(
      all.map((client, i) =>
        client.sendAndAck(
          { type: 1, content: `hello ${String(i)}` },
          { channelId: (users[(i + 1) % 5] as ImUser).imId, channelType: 1 },
        ),
      ),
    );
    expect(acks.map((ack) => ack.reasonCode)).toEqual(
      Array(30).fill(ReasonCode.SUCCESS),
    );
  });

  it("[#20] a PING sent in the same message as CONNECT is answered after the CONNACK", async () => {
    const user = users[0] as ImUser;
    const client = await ImTestClient.open(server.imUrl, 4);
    clients.push(client);
    const connect = encodeFrame(
      client.connectFrame({ uid: user.imId, token: user.imToken }),
      4,
    );
    const ping = encodeFrame({ op: Op.PING }, 4);
    const both = new Uint8Array(connect.length + ping.length);
    both.set(connect);
    both.set(ping, connect.length);
    client.sendBytes(both);
    await vi.waitFor(() => {
      expect(client.inbox).toHaveLength(2);
    });
    expect(client.inbox.map((frame) => frame.op)).toEqual([
      Op.CONNACK,
      Op.PONG,
    ]);
    const connack = await client.next(Op.CONNACK);
    expect(connack.reasonCode).toBe(ReasonCode.SUCCESS);
  });
});
