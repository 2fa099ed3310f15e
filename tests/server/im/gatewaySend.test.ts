// SEND → SENDACK → RECV over real WebSockets in protocol versions 2, 4 and 5: delivery to every
// connection of the recipient and the sender's other connections (each decrypted and msgKey-checked
// with its own keys), contiguous seqs, batched and split inbound frames, de-duplication (repeated,
// concurrent, within one WebSocket message), NoPersist, command messages, unread counting,
// RECVACK and bounded RECV re-sends, group commit, and SUB / data channels refused (#19).
import { Op, ReasonCode, encodeFrame } from "#protocol";
import { testClock } from "../../support/testClock";
import { uploadImage } from "../../support/server/uploadImage";
import { describeEachDatabase } from "../../support/server/testDb";
import { conversationOf, storedMessages } from "../../support/server/im/imQueries";
import { ImTestClient, randomClientMsgNo } from "../../support/server/im/ImTestClient";
import {
  type ImServer,
  type ImUser,
  signIn,
  startImServer,
} from "../../support/server/im/imServer";

const VERSIONS = [2, 4, 5] as const;
const text = (content: string) => ({ content, type: 1 });

describeEachDatabase("IM gateway: SEND and RECV", (database) => {
  let server: ImServer;
  const clock = testClock();
  const batches: number[] = [];
  const clients: ImTestClient[] = [];
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

  beforeAll(async () => {
    server = await startImServer({
      database,
      clock,
      im: {
        recvRetryDelaysMs: [300, 300],
        sweepIntervalMs: 50,
        hooks: {
          afterCommit: (stored) => {
            batches.push(stored.length);
          },
        },
      },
    });
  });
  afterEach(() => {
    for (const c of clients.splice(0)) {
      expect(c.violations).toEqual([]);
      c.kill();
    }
  });
  afterAll(() => server.close());

  for (const version of VERSIONS) {
    it(`v${version}: SENDACK after storing; RECV to the recipient's devices and the sender's other devices`, async () => {
      const alice = await signIn(server, clock);
      const bob = await signIn(server, clock);
      const sender = await connect(alice, version);
      const aliceOther = await connect(alice, 2);
      const bobV2 = await connect(bob, 2);
      const bobV5 = await connect(bob, 5);

      const first = sender.send(text(`hello 你好 😀 v${version}`), {
        channelId: bob.imId,
      });
      const ack = await sender.next(
        Op.SENDACK,
        (f) => f.clientSeq === first.clientSeq,
      );
      expect(ack.reasonCode).toBe(ReasonCode.SUCCESS);
      expect(ack.messageSeq).toBe(1);
      expect(ack.messageID > 0n && ack.messageID < 2n ** 63n).toBe(true);
      const stored = await storedMessages(server.db, alice.imId);
      expect(stored.map((m) => [m.id, m.message_seq, m.client_msg_no])).toEqual(
        [[ack.messageID.toString(), 1, first.clientMsgNo]],
      );

      for (const receiver of [bobV2, bobV5]) {
        const recv = await receiver.next(Op.RECV);
        expect(recv).toMatchObject({
          fromUID: alice.imId,
          channelID: alice.imId,
          channelType: 1,
          messageID: ack.messageID,
          messageSeq: 1,
          clientMsgNo: first.clientMsgNo,
          redDot: true,
        });
        expect(receiver.openRecv(recv)).toEqual(
          text(`hello 你好 😀 v${version}`),
        );
        receiver.recvack(recv);
      }
      const copy = await aliceOther.next(Op.RECV);
      expect(copy).toMatchObject({
        fromUID: alice.imId,
        channelID: bob.imId,
        redDot: false,
      });
      expect(aliceOther.openRecv(copy)).toEqual(
        text(`hello 你好 😀 v${version}`),
      );
      expect(await sender.nothing(Op.RECV, 150)).toBe(true);

      const second = await sender.sendAndAck(text("again"), {
        channelId: bob.imId,
      });
      expect(second.messageSeq).toBe(2);
      expect(second.messageID > ack.messageID).toBe(true);
      const reply = await bobV5.sendAndAck(text("reply"), {
        channelId: alice.imId,
      });
      expect(reply.messageSeq).toBe(3);
      const atAlice = await sender.next(Op.RECV, (f) => f.messageSeq === 3);
      expect(atAlice.channelID).toBe(bob.imId);
      expect(sender.openRecv(atAlice)).toEqual(text("reply"));
    });
  }

  it("reads frames batched in one WebSocket message, split across messages, and byte by byte", async () => {
    const alice = await signIn(server, clock);
    const bob = await signIn(server, clock);
    const sender = await connect(alice, 4);
    const frames = [1, 2, 3, 4, 5].map((i) =>
      encodeFrame(
        sender.sealSend(text(`batched ${i}`), { channelId: bob.imId }),
        4,
      ),
    );
    sender.sendBytes(Buffer.concat(frames));
    const split = encodeFrame(
      sender.sealSend(text("split"), { channelId: bob.imId }),
      4,
    );
    sender.sendBytes(split.subarray(0, 3));
    await new Promise((r) => setTimeout(r, 30));
    sender.sendBytes(split.subarray(3));
    const bytewise = encodeFrame(
      sender.sealSend(text("bytes"), { channelId: bob.imId }),
      4,
    );
    for (const byte of bytewise) sender.sendBytes(Uint8Array.of(byte));
    const acks = [];
    for (let seq = 1; seq <= 7; seq++)
      acks.push(await sender.next(Op.SENDACK, (f) => f.clientSeq === seq));
    expect(acks.map((a) => a.reasonCode)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(acks.map((a) => a.messageSeq).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7,
    ]);
    expect(sender.messages).toBe(1 + 7);
  });

  it("CONNECT and SENDs in one WebSocket message: the SENDs wait for the handshake", async () => {
    const alice = await signIn(server, clock);
    const bob = await signIn(server, clock);
    const probe = await connect(alice, 4);
    probe.kill();
    const client = await ImTestClient.open(server.imUrl, 4);
    clients.push(client);
    const connect4 = encodeFrame(
      client.connectFrame({ uid: alice.imId, token: alice.imToken }),
      4,
    );
    client.sendBytes(connect4);
    client.acceptConnack(await client.next(Op.CONNACK));
    const sends = [1, 2].map((i) =>
      encodeFrame(
        client.sealSend(text(`early ${i}`), { channelId: bob.imId }),
        4,
      ),
    );
    client.sendBytes(Buffer.concat(sends));
    const acks = [await client.next(Op.SENDACK), await client.next(Op.SENDACK)];
    expect(acks.map((a) => a.reasonCode)).toEqual([1, 1]);
  });

  it("a repeated clientMsgNo gets the original messageID/seq and is stored and delivered once", async () => {
    const alice = await signIn(server, clock);
    const bob = await signIn(server, clock);
    const sender = await connect(alice, 2);
    const receiver = await connect(bob, 4);
    const clientMsgNo = randomClientMsgNo();
    const first = await sender.sendAndAck(text("once"), {
      channelId: bob.imId,
      clientMsgNo,
    });
    const recv = await receiver.next(Op.RECV);
    receiver.recvack(recv);
    const resent = await sender.sendAndAck(text("once"), {
      channelId: bob.imId,
      clientMsgNo,
    });
    expect(resent).toMatchObject({
      reasonCode: 1,
      messageID: first.messageID,
      messageSeq: first.messageSeq,
    });
    expect(await receiver.nothing(Op.RECV, 200)).toBe(true);
    expect(await storedMessages(server.db, alice.imId)).toHaveLength(1);
  });

  it("concurrent duplicates (two devices, and twice in one WebSocket message) are stored once", async () => {
    const alice = await signIn(server, clock);
    const alice2 = await signIn(server, clock, alice.phone);
    const bob = await signIn(server, clock);
    const d1 = await connect(alice, 4);
    const d2 = await connect(alice2, 5);
    const clientMsgNo = randomClientMsgNo();
    const f1 = d1.sealSend(text("dup"), { channelId: bob.imId, clientMsgNo });
    const f2 = d2.sealSend(text("dup"), { channelId: bob.imId, clientMsgNo });
    const f3 = d1.sealSend(text("dup"), { channelId: bob.imId, clientMsgNo });
    d1.sendBytes(Buffer.concat([encodeFrame(f1, 4), encodeFrame(f3, 4)]));
    d2.sendFrame(f2);
    const acks = [
      await d1.next(Op.SENDACK, (f) => f.clientSeq === f1.clientSeq),
      await d1.next(Op.SENDACK, (f) => f.clientSeq === f3.clientSeq),
      await d2.next(Op.SENDACK, (f) => f.clientSeq === f2.clientSeq),
    ];
    expect(
      new Set(acks.map((a) => `${a.reasonCode}/${a.messageID}/${a.messageSeq}`))
        .size,
    ).toBe(1);
    expect(acks[0]!.reasonCode).toBe(1);
    expect(await storedMessages(server.db, alice.imId)).toHaveLength(1);
  });

  it("NoPersist messages are delivered (seq 0) but not stored", async () => {
    const alice = await signIn(server, clock);
    const bob = await signIn(server, clock);
    const sender = await connect(alice, 5);
    const receiver = await connect(bob, 2);
    const ack = await sender.sendAndAck(text("typing…"), {
      channelId: bob.imId,
      noPersist: true,
    });
    expect(ack).toMatchObject({
      reasonCode: 1,
      messageSeq: 0,
      noPersist: true,
    });
    const recv = await receiver.next(Op.RECV);
    expect(recv).toMatchObject({
      noPersist: true,
      messageSeq: 0,
      messageID: ack.messageID,
    });
    expect(receiver.openRecv(recv)).toEqual(text("typing…"));
    expect(await storedMessages(server.db, alice.imId)).toEqual([]);
    expect(await conversationOf(server.db, bob.imId, alice.imId)).toBeNull();
  });

  it("red-dot messages raise the recipient's unread; a user's commands and notices are refused", async () => {
    const alice = await signIn(server, clock);
    const bob = await signIn(server, clock);
    const sender = await connect(alice, 4);
    const receiver = await connect(bob, 4);
    await sender.sendAndAck(text("one"), { channelId: bob.imId });
    await sender.sendAndAck(text("two"), { channelId: bob.imId });
    await sender.sendAndAck(text("quiet"), {
      channelId: bob.imId,
      redDot: false,
    });
    const before = await conversationOf(server.db, bob.imId, alice.imId);
    expect(before).toMatchObject({ unread: 2, last_msg_seq: 3 });
    expect(await conversationOf(server.db, alice.imId, bob.imId)).toMatchObject(
      {
        unread: 0,
        readed_to_msg_seq: 3,
        last_msg_seq: 3,
      },
    );
    // Commands and system notices are the server's alone (#19): a user's SEND of one is refused,
    // stores nothing (the next message takes seq 4) and leaves the conversation as it was.
    for (const forged of [
      { cmd: "syncSomething", param: { x: 1 }, type: 99 },
      {
        type: 1001,
        content: "{0} 已将订单标记为已支付",
        extra: [{ uid: alice.imId, name: "客服" }],
      },
      { type: 2000, content: "联系 {0}" },
      { type: 98, content: "chunk" },
    ]) {
      const refused = await sender.sendAndAck(forged, {
        channelId: bob.imId,
      });
      expect(refused).toMatchObject({
        reasonCode: ReasonCode.NOT_ALLOW_SEND,
        messageSeq: 0,
      });
    }
    expect(await conversationOf(server.db, bob.imId, alice.imId)).toEqual(
      before,
    );
    const reply = await receiver.sendAndAck(text("read it"), {
      channelId: alice.imId,
    });
    expect(reply.messageSeq).toBe(4);
    expect(await conversationOf(server.db, bob.imId, alice.imId)).toMatchObject(
      {
        unread: 0,
        readed_to_msg_seq: 4,
      },
    );
    expect(await conversationOf(server.db, alice.imId, bob.imId)).toMatchObject(
      { unread: 1 },
    );
  });

  it("an image message links only to a file stored here (#19)", async () => {
    const alice = await signIn(server, clock);
    const bob = await signIn(server, clock);
    const sender = await connect(alice, 4);
    const image = await uploadImage(server.baseUrl, alice.tokens.app_token);
    const name = image.url.slice(image.url.lastIndexOf("/") + 1);
    const made = "A".repeat(32) + ".png";
    for (const url of [
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      `https://evil.example/media/${name}`,
      `${server.baseUrl}/media/${made}`,
      `${server.baseUrl}/media/${name}?x=1`,
      `${server.baseUrl}/media/../media/${name}`,
      `/media/${name}`,
      42,
    ]) {
      const refused = await sender.sendAndAck(
        { type: 2, url, width: 2, height: 2 },
        { channelId: bob.imId },
      );
      expect([url, refused.reasonCode]).toEqual([
        url,
        ReasonCode.NOT_ALLOW_SEND,
      ]);
    }
    expect(await storedMessages(server.db, alice.imId)).toHaveLength(0);
    const sent = await sender.sendAndAck(
      { type: 2, ...image },
      { channelId: bob.imId },
    );
    expect(sent).toMatchObject({ reasonCode: 1, messageSeq: 1 });
  });

  it("a text sent right after an image keeps its place (issue #9)", async () => {
    const alice = await signIn(server, clock);
    const bob = await signIn(server, clock);
    const sender = await connect(alice, 4);
    const image = await uploadImage(server.baseUrl, alice.tokens.app_token);
    const frames = [
      sender.sealSend({ type: 2, ...image }, { channelId: bob.imId }),
      sender.sealSend(text("after the photo"), { channelId: bob.imId }),
      sender.sealSend({ type: 2, ...image }, { channelId: bob.imId }),
      sender.sealSend(text("and after the second"), { channelId: bob.imId }),
    ];
    sender.sendBytes(Buffer.concat(frames.map((f) => encodeFrame(f, 4))));
    const acks = [];
    for (const f of frames)
      acks.push(
        await sender.next(Op.SENDACK, (a) => a.clientSeq === f.clientSeq),
      );
    expect(acks.map((a) => [a.reasonCode, a.messageSeq])).toEqual([
      [1, 1],
      [1, 2],
      [1, 3],
      [1, 4],
    ]);
  });

  it("an un-acked RECV is re-sent on schedule a bounded number of times; an acked one is not", async () => {
    const alice = await signIn(server, clock);
    const bob = await signIn(server, clock);
    const sender = await connect(alice, 4);
    const lazy = await connect(bob, 4);
    const diligent = await connect(bob, 2);
    const ack = await sender.sendAndAck(text("are you there"), {
      channelId: bob.imId,
    });
    const firstLazy = await lazy.next(Op.RECV);
    diligent.recvack(await diligent.next(Op.RECV));
    const again1 = await lazy.next(Op.RECV, () => true, 2_000);
    const again2 = await lazy.next(Op.RECV, () => true, 2_000);
    for (const again of [again1, again2]) {
      expect(again.messageID).toBe(ack.messageID);
      expect(again.msgKey).toBe(firstLazy.msgKey);
    }
    expect(await lazy.nothing(Op.RECV, 900)).toBe(true);
    expect(await diligent.nothing(Op.RECV, 10)).toBe(true);
  });

  it("sends arriving together are committed in a few transactions (group commit)", async () => {
    const users = await Promise.all(
      [0, 1, 2, 3].map(async () => signIn(server, clock)),
    );
    const bob = await signIn(server, clock);
    const senders = await Promise.all(users.map((u) => connect(u, 4)));
    batches.length = 0;
    const frames = senders.map((s) =>
      Buffer.concat(
        [0, 1, 2, 3, 4].map((i) =>
          encodeFrame(
            s.sealSend(text(`burst ${i}`), { channelId: bob.imId }),
            4,
          ),
        ),
      ),
    );
    senders.forEach((s, i) => {
      s.sendBytes(frames[i]!);
    });
    const acks = [];
    for (const s of senders)
      for (let seq = 1; seq <= 5; seq++)
        acks.push(await s.next(Op.SENDACK, (f) => f.clientSeq === seq));
    expect(acks.every((a) => a.reasonCode === 1)).toBe(true);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(20);
    expect(batches.length).toBeLessThan(20);
    expect(Math.max(...batches)).toBeGreaterThan(1);
    for (const user of users) {
      const seqs = (await storedMessages(server.db, user.imId)).map(
        (m) => m.message_seq,
      );
      expect(seqs).toEqual([1, 2, 3, 4, 5]);
    }
  });

  it("[#19] SUB is refused for every channel type and nothing reaches a data channel (23)", async () => {
    const alice = await signIn(server, clock);
    const bob = await signIn(server, clock);
    const a = await connect(alice, 2);
    const b = await connect(bob, 4);
    const sub = (client: ImTestClient, action: number, channelType = 7) => {
      client.sendFrame({
        op: Op.SUB,
        setting: 0,
        subNo: "",
        channelID: "live-1",
        channelType,
        action,
        param: '{"room":"9"}',
      });
      return client.next(Op.SUBACK);
    };
    expect(await sub(b, 0)).toMatchObject({
      channelID: "live-1",
      channelType: 7,
      action: 0,
      reasonCode: ReasonCode.NOT_SUPPORT_CHANNEL_TYPE,
    });
    expect((await sub(b, 0, 1)).reasonCode).toBe(
      ReasonCode.NOT_SUPPORT_CHANNEL_TYPE,
    );
    expect((await sub(b, 1)).reasonCode).toBe(
      ReasonCode.NOT_SUPPORT_CHANNEL_TYPE,
    );
    const ack = await a.sendAndAck(text("to the room"), {
      channelId: "live-1",
      channelType: 7,
    });
    expect(ack.reasonCode).toBe(ReasonCode.NOT_SUPPORT_CHANNEL_TYPE);
    expect(await b.nothing(Op.RECV, 200)).toBe(true);
    expect(await storedMessages(server.db, alice.imId)).toEqual([]);
    // The connections stay usable: a refusal is an answer, not a drop.
    expect(
      (await a.sendAndAck(text("hello"), { channelId: bob.imId })).reasonCode,
    ).toBe(ReasonCode.SUCCESS);
  });
});
