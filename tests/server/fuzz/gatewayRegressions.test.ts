// Regressions of what the gateway fuzz found, over real WebSockets: a failed store used to end the
// whole process (an unhandled rejection); a NUL in a CONNECT uid, an absurd clientTimestamp, and
// NUL characters or int4 overflows in a SEND used to close with 1011 or answer systemError. Each is
// now a precise refusal, nothing is stored, and the server keeps serving.
import { Op, ReasonCode } from "#protocol";
import { ImTestClient, randomClientMsgNo } from "../../support/server/im/ImTestClient";
import {
  signIn,
  startImServer,
  type ImServer,
  type ImUser,
} from "../../support/server/im/imServer";
import { storedMessages } from "../../support/server/im/imQueries";
import { testClock } from "../../support/testClock";
import { describeEachDatabase } from "../../support/server/testDb";

const text = (content: string) => ({ type: 1, content });

describeEachDatabase("gateway fuzz regressions", (database) => {
  const clock = testClock();
  let server: ImServer;
  let failNextCommit = false;
  let alice: ImUser;
  let bob: ImUser;

  beforeAll(async () => {
    server = await startImServer({
      database,
      clock,
      im: {
        hooks: {
          afterCommit: () => {
            if (failNextCommit) {
              failNextCommit = false;
              throw new Error("simulated storage failure");
            }
          },
        },
      },
    });
    alice = await signIn(server, clock);
    bob = await signIn(server, clock);
  });
  afterAll(() => server.close());

  const connect = (user: ImUser) =>
    ImTestClient.connect(server.imUrl, { uid: user.imId, token: user.imToken });

  it("answers a failed store with systemError and keeps running (it used to end the process)", async () => {
    const sender = await connect(alice);
    failNextCommit = true;
    const failed = await sender.sendAndAck(text("lost"), {
      channelId: bob.imId,
    });
    expect(failed.reasonCode).toBe(ReasonCode.SYSTEM_ERROR);
    const next = await sender.sendAndAck(text("kept"), { channelId: bob.imId });
    expect(next.reasonCode).toBe(ReasonCode.SUCCESS);
    await sender.close();
  });

  it("refuses a CONNECT whose uid has a NUL with authFail and 4004, not 1011", async () => {
    const client = await ImTestClient.open(server.imUrl);
    client.sendFrame(
      client.connectFrame({ uid: `${alice.imId}\u0000`, token: alice.imToken }),
    );
    expect((await client.next(Op.CONNACK)).reasonCode).toBe(
      ReasonCode.AUTH_FAIL,
    );
    expect((await client.closed).code).toBe(4004);
  });

  it("accepts a CONNECT with an absurd clientTimestamp (timeDiff wraps as in Go) instead of failing with 1011", async () => {
    const client = await ImTestClient.open(server.imUrl);
    client.sendFrame({
      ...client.connectFrame({ uid: alice.imId, token: alice.imToken }),
      clientTimestamp: -(2n ** 63n),
    });
    const connack = await client.next(Op.CONNACK);
    expect(connack.reasonCode).toBe(ReasonCode.SUCCESS);
    expect(
      connack.timeDiff >= -(2n ** 63n) && connack.timeDiff < 2n ** 63n,
    ).toBe(true);
    expect(client.isClosed).toBe(false);
    await client.close();
  });

  it("refuses NUL characters and int4 overflows in a SEND precisely and stores none of them", async () => {
    const sender = await connect(alice);
    const before = (await storedMessages(server.db, alice.imId)).length;
    const cases = [
      [{ channelId: `${bob.imId}\u0000` }, ReasonCode.CHANNEL_ID_ERROR],
      [
        { channelId: bob.imId, clientMsgNo: `${randomClientMsgNo()}\u0000` },
        ReasonCode.NOT_ALLOW_SEND,
      ],
      [{ channelId: bob.imId, topic: "a\u0000b" }, ReasonCode.NOT_ALLOW_SEND],
    ] as const;
    for (const [options, reason] of cases) {
      const ack = await sender.sendAndAck(text("bad"), options);
      expect(ack.reasonCode).toBe(reason);
    }
    const expiring = sender.sealSend(text("bad"), { channelId: bob.imId });
    sender.sendFrame(
      sender.crypto!.sealSend(
        {
          setting: {},
          clientSeq: expiring.clientSeq,
          clientMsgNo: expiring.clientMsgNo,
          channelID: bob.imId,
          channelType: 1,
          redDot: true,
          expire: 0xffffffff,
        },
        new TextEncoder().encode(JSON.stringify(text("bad"))),
      ),
    );
    const ack = await sender.next(
      Op.SENDACK,
      (f) => f.clientSeq === expiring.clientSeq,
    );
    expect(ack.reasonCode).toBe(ReasonCode.NOT_ALLOW_SEND);
    // NOTE: last, since the test client counts on from the clientSeq it was given.
    const wrapped = await sender.sendAndAck(text("bad"), {
      channelId: bob.imId,
      clientSeq: 0xffffffff,
    });
    expect(wrapped.reasonCode).toBe(ReasonCode.NOT_ALLOW_SEND);
    expect((await storedMessages(server.db, alice.imId)).length).toBe(before);
    expect(sender.isClosed).toBe(false);
    await sender.close();
  });
});
