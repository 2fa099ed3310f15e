// Issue #9 (chaos gate), found by `npm run chaos` on PostgreSQL after a kill -9: the first SENDs to a
// recipient the (restarted) gateway had not looked up yet each queried the users table; on a
// connection pool those lookups finish in any order, so SENDs of one WebSocket message reached the
// group commit — and got their messageSeqs — out of order. Lookups of one uid now share one query.
import { encodeFrame, Op } from "#protocol";
import { testClock } from "../../support/testClock";
import { describeEachDatabase } from "../../support/server/testDb";
import { ImTestClient, randomClientMsgNo } from "../../support/server/im/ImTestClient";
import { type ImServer, signIn, startImServer } from "../../support/server/im/imServer";

describeEachDatabase("SENDs keep their order (issue #9)", (database) => {
  const clock = testClock();
  let server: ImServer;
  beforeAll(async () => {
    server = await startImServer({ database, clock });
  });
  afterAll(() => server.close());

  it("a burst to recipients the gateway has not seen is stored in arrival order", async () => {
    const alice = await signIn(server, clock);
    const client = await ImTestClient.connect(server.imUrl, {
      uid: alice.imId,
      token: alice.imToken,
    });
    try {
      // Fresh recipients: never connected, never looked up by this gateway.
      const peers = [await signIn(server, clock), await signIn(server, clock)];
      const frames = Array.from({ length: 40 }, (_, i) =>
        client.sealSend(
          { type: 1, content: `burst ${i}` },
          {
            channelId: peers[i % 2]!.imId,
            clientMsgNo: randomClientMsgNo(),
            clientSeq: i + 1,
          },
        ),
      );
      const bytes = frames.map((f) => encodeFrame(f, 4));
      client.sendBytes(Uint8Array.from(bytes.flatMap((b) => [...b])));
      const acks = await Promise.all(
        frames.map((f) =>
          client.next(Op.SENDACK, (a) => a.clientSeq === f.clientSeq, 15_000),
        ),
      );
      for (const [index] of peers.entries()) {
        const seqs = acks
          .filter((_, i) => i % 2 === index)
          .map((a) => a.messageSeq);
        expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      }
    } finally {
      client.kill();
    }
  });
});
