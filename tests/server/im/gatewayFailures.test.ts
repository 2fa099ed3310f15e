// Every SEND refusal and every connection-level failure over real WebSockets (v2, v4, v5): wrong
// msgKey (8), undecryptable or invalid payload (9), oversized payload (11), bad channels (5, 16,
// 23), stream bits (20), rate limit (22) — nothing stored, the connection lives on — and oversized
// frames, garbage bytes, text messages and server-only frames, which close only that connection.
import {
  type FrameOf,
  Op,
  ReasonCode,
  ConnectionCrypto,
  encodeUtf8,
  generateKeyPair,
} from "#protocol";
import { GatewayCloseCode } from "../../../server/im/gatewayCloseCodes";
import { nodeCryptoBackend } from "../../support/protocol/nodeCryptoBackend";
import { testClock } from "../../support/testClock";
import { describeEachDatabase } from "../../support/server/testDb";
import { storedMessages } from "../../support/server/im/imQueries";
import {
  ImTestClient,
  randomClientMsgNo,
} from "../../support/server/im/ImTestClient";
import {
  type ImServer,
  type ImUser,
  signIn,
  startImServer,
} from "../../support/server/im/imServer";

const VERSIONS = [2, 4, 5] as const;
const text = (content: string) => ({ content, type: 1 });

describeEachDatabase(
  "IM gateway: refused SENDs and broken connections",
  (database) => {
    let server: ImServer;
    const clock = testClock();
    const clients: ImTestClient[] = [];
    let alice: ImUser;
    let bob: ImUser;
    const connect = async (user: ImUser, version = 4) => {
      const client = await ImTestClient.connect(server.imUrl, {
        uid: user.imId,
        token: user.imToken,
        version,
      });
      expect(client.connack!.reasonCode).toBe(1);
      clients.push(client);
      return client;
    };
    /** A SEND whose msgKey is correct for an arbitrary payload (so the failure is the payload). */
    const signedSend = (
      client: ImTestClient,
      payload: Uint8Array,
      channelId = bob.imId,
    ): FrameOf<typeof Op.SEND> => {
      const fields = {
        clientSeq: 900 + clients.length,
        clientMsgNo: randomClientMsgNo(),
        channelID: channelId,
        channelType: 1,
        payload,
      };
      return {
        op: Op.SEND,
        setting: {},
        redDot: true,
        ...fields,
        msgKey: client.crypto!.sendMsgKey(fields),
      };
    };
    const ackOf = async (
      client: ImTestClient,
      frame: FrameOf<typeof Op.SEND>,
    ) => {
      client.sendFrame(frame);
      return client.next(Op.SENDACK, (f) => f.clientSeq === frame.clientSeq);
    };
    /** The connection still works: a message goes through. */
    const stillWorks = async (client: ImTestClient, to: ImUser) => {
      const ack = await client.sendAndAck(text("still here"), {
        channelId: to.imId,
      });
      expect(ack.reasonCode).toBe(1);
    };

    beforeAll(async () => {
      server = await startImServer({
        database,
        clock,
        im: { maxPayloadBytes: 2048 },
      });
      alice = await signIn(server, clock);
      bob = await signIn(server, clock);
    });
    afterEach(() => {
      for (const c of clients.splice(0)) {
        expect(c.violations).toEqual([]);
        c.kill();
      }
    });
    afterAll(() => server.close());

    for (const version of VERSIONS) {
      it(`v${version}: bad msgKey 8, undecryptable 9, invalid JSON 9, oversized 11 — nothing stored`, async () => {
        const carol = await signIn(server, clock);
        const client = await connect(carol, version);
        const good = client.sealSend(text("hi"), { channelId: bob.imId });
        const badKey = { ...good, msgKey: "0".repeat(32) };
        expect((await ackOf(client, badKey)).reasonCode).toBe(
          ReasonCode.MSG_KEY_ERROR,
        );
        const tampered = {
          ...good,
          payload: Uint8Array.from(good.payload).reverse(),
        };
        expect((await ackOf(client, tampered)).reasonCode).toBe(
          ReasonCode.MSG_KEY_ERROR,
        );

        const notBase64 = signedSend(client, encodeUtf8("%%% not base64 %%%"));
        expect((await ackOf(client, notBase64)).reasonCode).toBe(
          ReasonCode.PAYLOAD_DECODE_ERROR,
        );
        const otherKeys = ConnectionCrypto.fromKeyExchange(
          {
            privateKey: generateKeyPair(nodeCryptoBackend).privateKey,
            peerPublicKey: client.connack!.serverKey,
            salt: client.connack!.salt,
          },
          nodeCryptoBackend,
        );
        const wrongKey = signedSend(
          client,
          otherKeys.encryptPayload(encodeUtf8('{"type":1}xx')),
        );
        expect((await ackOf(client, wrongKey)).reasonCode).toBe(
          ReasonCode.PAYLOAD_DECODE_ERROR,
        );
        const enc = (plain: string) =>
          client.crypto!.encryptPayload(encodeUtf8(plain));
        for (const plain of [
          "not json",
          "[1,2]",
          '{"content":"no type"}',
          '{"type":"1"}',
        ]) {
          const frame = signedSend(client, enc(plain));
          expect((await ackOf(client, frame)).reasonCode).toBe(
            ReasonCode.PAYLOAD_DECODE_ERROR,
          );
        }
        const invalidUtf8 = signedSend(
          client,
          client.crypto!.encryptPayload(Uint8Array.of(0x7b, 0xff, 0x7d)),
        );
        expect((await ackOf(client, invalidUtf8)).reasonCode).toBe(
          ReasonCode.PAYLOAD_DECODE_ERROR,
        );
        const big = await client.sendAndAck(text("x".repeat(3000)), {
          channelId: bob.imId,
        });
        expect(big.reasonCode).toBe(ReasonCode.NOT_ALLOW_SEND);

        expect(await storedMessages(server.db, carol.imId)).toEqual([]);
        await stillWorks(client, bob);
      });
    }

    it("channels: unknown user 5, myself 16, empty 16, group 23; stream bit 20; long clientMsgNo or topic 11", async () => {
      const dave = await signIn(server, clock);
      const client = await connect(dave, 4);
      const refused = async (
        channelId: string,
        channelType: number,
        reason: number,
      ) => {
        const ack = await client.sendAndAck(text("?"), {
          channelId,
          channelType,
        });
        expect(ack.reasonCode).toBe(reason);
      };
      await refused("no_such_user", 1, ReasonCode.CHANNEL_NOT_EXIST);
      await refused(dave.imId, 1, ReasonCode.CHANNEL_ID_ERROR);
      await refused("", 1, ReasonCode.CHANNEL_ID_ERROR);
      await refused(bob.imId, 2, ReasonCode.NOT_SUPPORT_CHANNEL_TYPE);
      await refused(bob.imId, 3, ReasonCode.NOT_SUPPORT_CHANNEL_TYPE);
      const stream = client.sealSend(text("stream"), {
        channelId: bob.imId,
        setting: { stream: true },
      });
      stream.streamNo = "s1";
      expect((await ackOf(client, stream)).reasonCode).toBe(
        ReasonCode.NOT_SUPPORT_HEADER,
      );
      const longNo = await client.sendAndAck(text("?"), {
        channelId: bob.imId,
        clientMsgNo: "n".repeat(200),
      });
      expect(longNo.reasonCode).toBe(ReasonCode.NOT_ALLOW_SEND);
      const longTopic = await client.sendAndAck(text("?"), {
        channelId: bob.imId,
        topic: "t".repeat(200),
      });
      expect(longTopic.reasonCode).toBe(ReasonCode.NOT_ALLOW_SEND);
      expect(await storedMessages(server.db, dave.imId)).toEqual([]);
      await stillWorks(client, bob);
    });

    for (const version of VERSIONS) {
      it(`v${version}: an oversized frame closes that connection (4001); others are unaffected, nothing stored`, async () => {
        const erin = await signIn(server, clock);
        const victim = await connect(erin, version);
        const sibling = await connect(erin, 4);
        const other = await connect(alice, 2);
        const header = Uint8Array.of(0x32, 0x80, 0x80, 0x08); // SEND, remaining length 131072 > 64 KiB
        victim.sendBytes(header);
        expect((await victim.closed).code).toBe(
          GatewayCloseCode.FRAME_TOO_LARGE,
        );
        await stillWorks(sibling, bob);
        await stillWorks(other, bob);
        expect(
          (await storedMessages(server.db, erin.imId)).map((m) => m.payload),
        ).toEqual([JSON.stringify(text("still here"))]);
      });

      it(`v${version}: garbage bytes close that connection (4000); others are unaffected, nothing stored`, async () => {
        const frank = await signIn(server, clock);
        const victim = await connect(frank, version);
        const other = await connect(alice, 5);
        victim.sendBytes(Uint8Array.of(0x00, 0xff, 0x13, 0x37, 0xde, 0xad));
        expect((await victim.closed).code).toBe(
          GatewayCloseCode.PROTOCOL_ERROR,
        );
        await stillWorks(other, bob);
        expect(await storedMessages(server.db, frank.imId)).toEqual([]);
      });
    }

    it("a garbage remaining length (more than 4 bytes) closes with 4000", async () => {
      const client = await connect(alice, 4);
      client.sendBytes(Uint8Array.of(0x32, 0xff, 0xff, 0xff, 0xff, 0x01));
      expect((await client.closed).code).toBe(GatewayCloseCode.PROTOCOL_ERROR);
    });

    it("a text WebSocket message, a server-only frame or a second CONNECT close with 4000", async () => {
      const t = await connect(alice, 4);
      t.ws.send("hello");
      expect((await t.closed).code).toBe(GatewayCloseCode.PROTOCOL_ERROR);
      const s = await connect(alice, 4);
      s.sendFrame({
        op: Op.SENDACK,
        messageID: 1n,
        clientSeq: 1,
        messageSeq: 1,
        reasonCode: 1,
      });
      expect((await s.closed).code).toBe(GatewayCloseCode.PROTOCOL_ERROR);
      const c = await connect(alice, 2);
      c.sendFrame(c.connectFrame({ uid: alice.imId, token: alice.imToken }));
      expect((await c.closed).code).toBe(GatewayCloseCode.PROTOCOL_ERROR);
    });

    it("a truncated frame followed by silence only waits (no crash), then the idle rules apply", async () => {
      const client = await connect(alice, 4);
      client.sendBytes(Uint8Array.of(0x32, 0x10, 0x00));
      expect(await client.nothing(Op.SENDACK, 200)).toBe(true);
      expect(client.isClosed).toBe(false);
    });
  },
);

describeEachDatabase("IM gateway: rate limit", (database) => {
  let server: ImServer;
  const clock = testClock();

  beforeAll(async () => {
    server = await startImServer({
      database,
      clock,
      im: { sendRatePerSecond: 2, sendBurst: 3 },
    });
  });
  afterAll(() => server.close());

  it("SENDs beyond the per-connection budget get 22 and are not stored; another connection is not limited", async () => {
    const alice = await signIn(server, clock);
    const bob = await signIn(server, clock);
    const client = await ImTestClient.connect(server.imUrl, {
      uid: alice.imId,
      token: alice.imToken,
    });
    const frames = [1, 2, 3, 4, 5, 6].map((i) =>
      client.sealSend(text(`n${i}`), { channelId: bob.imId }),
    );
    for (const f of frames) client.sendFrame(f);
    const reasons = [];
    for (const f of frames)
      reasons.push(
        (await client.next(Op.SENDACK, (a) => a.clientSeq === f.clientSeq))
          .reasonCode,
      );
    expect(reasons).toEqual([1, 1, 1, 22, 22, 22]);
    expect(await storedMessages(server.db, alice.imId)).toHaveLength(3);
    const fresh = await ImTestClient.connect(server.imUrl, {
      uid: alice.imId,
      token: alice.imToken,
    });
    expect(
      (await fresh.sendAndAck(text("other device"), { channelId: bob.imId }))
        .reasonCode,
    ).toBe(1);
    await new Promise((r) => setTimeout(r, 600));
    expect(
      (await client.sendAndAck(text("later"), { channelId: bob.imId }))
        .reasonCode,
    ).toBe(1);
    client.kill();
    fresh.kill();
  });
});
