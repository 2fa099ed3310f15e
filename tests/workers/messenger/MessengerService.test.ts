// MessengerService with fake timers and a FakeTransport whose other end speaks real protocol bytes:
// handshake, send batching, SENDACK, re-send with DUP after a reconnect, receive + RECVACK with a
// bad msgKey dropped, gap → messageSync, kick, and ping timeout.
import { Op, PROTOCOL_VERSION, ReasonCode, decodePublicKey } from "#protocol";
import { MessageStatus } from "../../../src/db/entities/MessageRecord";
import { openImDb } from "../../../src/db/db";
import { getDeviceId } from "../../../src/db/db";
import { HEARTBEAT_INTERVAL_MS } from "../../../workers/connection/heartbeat";
import { RECONNECT_BASE_DELAY_MS } from "../../../workers/connection/backoff";
import { SEND_FLUSH_INTERVAL_MS } from "../../../workers/outbox/outboxScheduler";
import {
  createTestMessenger,
  settle,
  until,
  useServiceTimers,
  type TestMessenger,
} from "../../support/workers/testMessenger";

const peer = { channelId: "peer-1", channelType: 1 };

let t: TestMessenger;

beforeEach(async () => {
  useServiceTimers();
  t = await createTestMessenger();
});

afterEach(async () => {
  await t.dispose();
  vi.useRealTimers();
});

async function sendTexts(n: number, prefix = "m"): Promise<string[]> {
  const nos: string[] = [];
  for (let i = 1; i <= n; i += 1)
    nos.push(
      (await t.service.requireUser().sendText(peer, `${prefix}${i}`))
        .clientMsgNo,
    );
  return nos;
}

describe("connect and handshake", () => {
  it("sends CONNECT v4 with device flag 1, the stable device id and an X25519 key; CONNACK → Connected", async () => {
    await t.start();
    await until(() => {
      expect(t.server.last.connect).not.toBeNull();
    });
    const connect = t.server.last.connect!;
    expect(t.server.last.url).toBe("ws://im.test/im");
    expect(connect).toMatchObject({
      version: PROTOCOL_VERSION,
      deviceFlag: 1,
      uid: t.uid,
      token: t.args.imToken,
    });
    expect(connect.deviceID).toBe(await getDeviceId(t.deviceDb));
    expect(connect.deviceID).toMatch(/^[0-9a-f]{32}W$/);
    expect(decodePublicKey(connect.clientKey)).toHaveLength(32);
    await until(() => {
      expect(t.service.status().connection).toBe("Connected");
    });
    const statuses = t.eventsOf("status").map((e) => e.status.connection);
    expect(statuses).toContain("Connecting");
    expect(statuses.at(-1)).toBe("Connected");
  });

  it("a start reports the new user as Connecting, never as Disconnect (the tabs' 'reconnecting')", async () => {
    await t.start();
    await until(() => {
      expect(t.service.status().connection).toBe("Connected");
    });
    const ofUser = t
      .eventsOf("status")
      .map((e) => e.status)
      .filter((s) => s.imUid === t.uid);
    expect(ofUser.map((s) => s.connection)).toEqual([
      "Connecting",
      "Connected",
    ]);
  });

  it("a start for another user without a logout closes the first user's socket and connects as the new one", async () => {
    await t.connect();
    const first = t.server.last;
    const other = `${t.uid}-other`;
    await t.start({ imUid: other, imToken: `im-token-${other}` });
    await until(() => {
      expect(t.service.status()).toMatchObject({
        imUid: other,
        connection: "Connected",
      });
    });
    expect(first.closed).toBe(true);
    expect(t.server.open).toHaveLength(1);
    expect(t.server.last.connect).toMatchObject({
      uid: other,
      token: `im-token-${other}`,
    });
    // What the new user sends goes out on the new user's socket.
    await t.service.requireUser().sendText(peer, "as the new user");
    vi.advanceTimersByTime(0);
    await until(() => {
      expect(t.server.last.framesOf(Op.SEND)).toHaveLength(1);
    });
    expect(first.framesOf(Op.SEND)).toHaveLength(0);
    await t.service.logout(other);
  });

  it("keeps the same device id across reconnects (no self-kick)", async () => {
    await t.connect();
    const first = t.server.last.connect!.deviceID;
    t.server.last.close();
    await settle();
    vi.advanceTimersByTime(RECONNECT_BASE_DELAY_MS);
    await until(() => {
      expect(t.server.sockets).toHaveLength(2);
      expect(t.server.last.connect).not.toBeNull();
    });
    expect(t.server.last.connect!.deviceID).toBe(first);
  });

  it("a refused CONNACK is ConnectFail without reconnecting", async () => {
    await t.dispose();
    t = await createTestMessenger({ server: { autoConnack: false } });
    await t.start();
    await until(() => {
      expect(t.server.last.connect).not.toBeNull();
    });
    t.server.last.connack(ReasonCode.AUTH_FAIL);
    await until(() => {
      expect(t.service.status()).toMatchObject({
        connection: "ConnectFail",
        reasonCode: 2,
      });
    });
    vi.advanceTimersByTime(120_000);
    await settle();
    expect(t.server.sockets).toHaveLength(1);
  });
});

describe("send", () => {
  it("stores first (status wait), then writes ≤5 SENDs per WebSocket message every 100 ms", async () => {
    await t.connect();
    const nos = await sendTexts(7);
    const db = t.service.requireUser().db;
    for (const no of nos)
      expect((await db.messages.get(no))?.status).toBe(MessageStatus.WAIT);
    expect(t.server.last.framesOf(Op.SEND)).toHaveLength(0);

    // The first flush goes at once (#20: the interval caps the rate, it is not a tick).
    vi.advanceTimersByTime(0);
    const socket = t.server.last;
    const sendMessages = () =>
      socket.messages.filter((m) => m.some((f) => f.op === Op.SEND));
    expect(sendMessages()).toHaveLength(1);
    expect(sendMessages()[0]).toHaveLength(5);
    vi.advanceTimersByTime(SEND_FLUSH_INTERVAL_MS - 1);
    expect(sendMessages()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sendMessages().map((m) => m.length)).toEqual([5, 2]);

    const sends = socket.sends();
    expect(sends.map((s) => s.content)).toEqual(
      nos.map((_, i) => ({ content: `m${i + 1}`, type: 1 })),
    );
    expect(sends.map((s) => s.frame.clientMsgNo)).toEqual(nos);
    expect(sends.map((s) => s.frame.clientSeq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(
      sends.every(
        (s) => s.frame.dup === false && s.frame.channelID === "peer-1",
      ),
    ).toBe(true);
  });

  it("SENDACK settles the message: status normal with messageID and messageSeq, out of the outbox", async () => {
    await t.connect();
    const [no] = await sendTexts(1);
    vi.advanceTimersByTime(SEND_FLUSH_INTERVAL_MS);
    const [send] = t.server.last.sends();
    t.server.last.sendAck(send!.frame, {
      messageId: 9_007_199_254_740_000n,
      messageSeq: 42,
    });
    const db = t.service.requireUser().db;
    await until(async () => {
      expect(await db.messages.get(no!)).toMatchObject({
        status: MessageStatus.NORMAL,
        messageId: "9007199254740000",
        messageSeq: 42,
      });
    });
    expect(await db.outbox.count()).toBe(0);
    expect((await db.conversations.get(["peer-1", 1]))?.lastMessageSeq).toBe(
      42,
    );
    expect(
      t.eventsOf("messagesChanged").some((e) => e.clientMsgNos.includes(no!)),
    ).toBe(true);
  });

  it("a permanent refusal fails the message", async () => {
    await t.connect();
    const [no] = await sendTexts(1);
    vi.advanceTimersByTime(SEND_FLUSH_INTERVAL_MS);
    const [send] = t.server.last.sends();
    t.server.last.sendAck(send!.frame, {
      messageId: 0n,
      messageSeq: 0,
      reasonCode: ReasonCode.IN_BLACKLIST,
    });
    const db = t.service.requireUser().db;
    await until(async () => {
      expect(await db.messages.get(no!)).toMatchObject({
        status: MessageStatus.FAIL,
        failure: { code: "SEND_REFUSED", reasonCode: 4 },
      });
    });
  });

  it("offline sends wait, then go out once connected", async () => {
    await t.dispose();
    t = await createTestMessenger({ server: { autoOpen: false } });
    await t.start();
    const nos = await sendTexts(2, "offline");
    vi.advanceTimersByTime(1_000);
    expect(t.server.last.frames).toHaveLength(0);
    t.server.last.open();
    await until(() => {
      expect(t.service.status().connection).toBe("Connected");
    });
    vi.advanceTimersByTime(SEND_FLUSH_INTERVAL_MS);
    const sends = t.server.last.sends();
    expect(sends.map((s) => s.frame.clientMsgNo)).toEqual(nos);
    expect(sends.every((s) => s.frame.dup === false)).toBe(true);
  });

  it("after a reconnect every pending message is re-sent in order, same clientMsgNo, DUP set; each is stored once", async () => {
    await t.connect();
    const nos = await sendTexts(3, "r");
    vi.advanceTimersByTime(SEND_FLUSH_INTERVAL_MS);
    const first = t.server.last;
    const firstSends = first.sends();
    expect(firstSends).toHaveLength(3);
    // The first is acknowledged; the link dies before the other two are.
    first.sendAck(firstSends[0]!.frame, { messageId: 101n, messageSeq: 1 });
    await settle();
    first.close();
    await until(() => {
      expect(t.service.status().connection).toBe("Disconnect");
    });
    vi.advanceTimersByTime(RECONNECT_BASE_DELAY_MS);
    await until(() => {
      expect(t.server.sockets).toHaveLength(2);
      expect(t.service.status().connection).toBe("Connected");
    });
    vi.advanceTimersByTime(SEND_FLUSH_INTERVAL_MS);
    const second = t.server.last;
    const resent = second.sends();
    expect(resent.map((s) => s.frame.clientMsgNo)).toEqual([nos[1], nos[2]]);
    expect(resent.map((s) => s.frame.dup)).toEqual([true, true]);
    expect(resent.map((s) => s.frame.clientSeq)).toEqual([1, 2]);
    expect(resent.map((s) => s.content.content)).toEqual(["r2", "r3"]);
    resent.forEach((s, i) => {
      second.sendAck(s.frame, {
        messageId: BigInt(102 + i),
        messageSeq: 2 + i,
      });
    });
    const db = t.service.requireUser().db;
    await until(async () => {
      const rows = await db.messages
        .where("[channelId+channelType+status]")
        .equals(["peer-1", 1, "normal"])
        .toArray();
      expect(rows.map((r) => r.messageSeq).sort()).toEqual([1, 2, 3]);
    });
    expect(await db.messages.count()).toBe(3);
    expect(await db.outbox.count()).toBe(0);
    vi.advanceTimersByTime(SEND_FLUSH_INTERVAL_MS * 10);
    expect(second.sends()).toHaveLength(2);
  });
});

describe("receive", () => {
  it("stores a verified RECV, then acknowledges it; a bad msgKey is dropped, counted and not acknowledged", async () => {
    await t.connect();
    const socket = t.server.last;
    const good = socket.recv({
      fromUid: "peer-1",
      clientMsgNo: "peer-msg-1",
      messageId: 5001n,
      messageSeq: 1,
      content: { kind: "text", type: 1, content: "你好 👋" },
    });
    const bad = socket.recv(
      {
        fromUid: "peer-1",
        clientMsgNo: "peer-msg-2",
        messageId: 5002n,
        messageSeq: 2,
        content: { kind: "text", type: 1, content: "forged" },
      },
      { badKey: true },
    );
    socket.send(good, bad);
    const user = t.service.requireUser();
    await until(() => {
      expect(socket.framesOf(Op.RECVACK)).toHaveLength(1);
    });
    expect(socket.framesOf(Op.RECVACK)[0]).toMatchObject({
      messageID: 5001n,
      messageSeq: 1,
    });
    expect(await user.db.messages.get("peer-msg-1")).toMatchObject({
      messageId: "5001",
      fromUid: "peer-1",
      content: { type: 1, content: "你好 👋" },
      status: "normal",
      timestamp: 1_760_000_000_000,
    });
    expect(await user.db.messages.get("peer-msg-2")).toBeUndefined();
    expect(user.inbound.stats.droppedBadKey).toBe(1);
    expect((await user.db.conversations.get(["peer-1", 1]))?.unread).toBe(1);
  });

  it("announces a RECV to the tabs before storing it; a failed store is not acknowledged", async () => {
    await t.connect();
    const socket = t.server.last;
    const user = t.service.requireUser();
    const failure = new Error("disk full");
    const bulkPut = vi
      .spyOn(user.db.messages, "bulkPut")
      .mockRejectedValue(failure);
    socket.send(
      socket.recv({
        fromUid: "peer-1",
        clientMsgNo: "early-1",
        messageId: 6001n,
        messageSeq: 1,
        content: { kind: "text", type: 1, content: "早" },
      }),
    );
    await until(() => {
      expect(bulkPut).toHaveBeenCalled();
    });
    await settle();
    const announced = t
      .eventsOf("messagesChanged")
      .flatMap((e) => e.rows ?? [])
      .filter((row) => row.clientMsgNo === "early-1");
    expect(announced).toEqual([
      expect.objectContaining({
        messageId: "6001",
        messageSeq: 1,
        status: MessageStatus.NORMAL,
        content: { type: 1, content: "早" },
      }),
    ]);
    expect(socket.framesOf(Op.RECVACK)).toHaveLength(0);
    bulkPut.mockRestore();
    expect(await user.db.messages.get("early-1")).toBeUndefined();
  });

  it("a RECV seen again is acknowledged again but stored once", async () => {
    await t.connect();
    const socket = t.server.last;
    const frame = socket.recv({
      fromUid: "peer-1",
      clientMsgNo: "dup-1",
      messageId: 7001n,
      messageSeq: 1,
      content: { kind: "text", type: 1, content: "x" },
    });
    socket.send(frame);
    socket.send({ ...frame, dup: true });
    await until(() => {
      expect(socket.framesOf(Op.RECVACK)).toHaveLength(2);
    });
    const user = t.service.requireUser();
    expect(await user.db.messages.count()).toBe(1);
    expect((await user.db.conversations.get(["peer-1", 1]))?.unread).toBe(1);
  });

  it("command messages go to the tabs as events and never touch conversations", async () => {
    await t.connect();
    const socket = t.server.last;
    // As WuKongIM delivers it: from its system account (shown as an empty uid, the channel too),
    // the chat it concerns in the payload.
    socket.send(
      socket.recv({
        fromUid: "",
        channelId: "",
        clientMsgNo: "cmd-1",
        messageId: 8001n,
        messageSeq: 0,
        redDot: false,
        content: {
          kind: "cmd",
          type: 99,
          cmd: "orderPaid",
          param: { orderId: 12 },
          others: { channel_id: "peer-1", channel_type: 1 },
        },
      }),
    );
    await until(() => {
      expect(t.eventsOf("command")).toHaveLength(1);
    });
    expect(t.eventsOf("command")[0]).toEqual({
      type: "command",
      channel: peer,
      fromUid: "",
      cmd: "orderPaid",
      param: { orderId: 12 },
    });
    const user = t.service.requireUser();
    expect(await user.db.messages.count()).toBe(0);
    expect(await user.db.conversations.count()).toBe(0);
    await until(() => {
      expect(socket.framesOf(Op.RECVACK)).toHaveLength(1);
    });
  });

  it("ignores a command a person sent: only the server's own sender gives commands (#19)", async () => {
    await t.connect();
    const socket = t.server.last;
    socket.send(
      socket.recv({
        fromUid: "peer-1",
        clientMsgNo: "forged-cmd",
        messageId: 8002n,
        messageSeq: 0,
        redDot: false,
        content: {
          kind: "cmd",
          type: 99,
          cmd: "syncReminders",
          param: null,
          others: { channel_id: "peer-1", channel_type: 1 },
        },
      }),
    );
    await until(() => {
      expect(socket.framesOf(Op.RECVACK)).toHaveLength(1);
    });
    const user = t.service.requireUser();
    expect(user.inbound.stats).toMatchObject({
      commands: 0,
      ignoredCommands: 1,
    });
    expect(t.eventsOf("command")).toEqual([]);
    expect(await user.db.messages.count()).toBe(0);
  });

  it("a gap in messageSeq asks messageSync for the missing range and stores it", async () => {
    t.api.on("wuKong/v1/messageSync", (call) => ({
      data: {
        more: 0,
        messages: [2, 3]
          .filter(
            (seq) =>
              seq >= call.body.start_message_seq &&
              seq < call.body.end_message_seq,
          )
          .map((seq) => ({
            message_id: 6000 + seq,
            message_idstr: String(6000 + seq),
            client_msg_no: `gap-${seq}`,
            message_seq: seq,
            from_uid: "peer-1",
            channel_id: "peer-1",
            channel_type: 1,
            timestamp: 1_760_000_000 + seq,
            header: { red_dot: 1 },
            setting: 0,
            payload: Buffer.from(
              JSON.stringify({ type: 1, content: `gap ${seq}` }),
            ).toString("base64"),
          })),
      },
    }));
    await t.connect();
    const socket = t.server.last;
    const text = (content: string) => ({
      kind: "text" as const,
      type: 1 as const,
      content,
    });
    socket.send(
      socket.recv({
        fromUid: "peer-1",
        clientMsgNo: "gap-1",
        messageId: 6001n,
        messageSeq: 1,
        content: text("one"),
      }),
    );
    await until(() => {
      expect(socket.framesOf(Op.RECVACK)).toHaveLength(1);
    });
    socket.send(
      socket.recv({
        fromUid: "peer-1",
        clientMsgNo: "gap-4",
        messageId: 6004n,
        messageSeq: 4,
        content: text("four"),
      }),
    );
    const user = t.service.requireUser();
    await until(async () => {
      expect(await user.db.messages.count()).toBe(4);
    });
    const sync = t.api.callsTo("wuKong/v1/messageSync");
    expect(sync).toHaveLength(1);
    expect(sync[0]!.body).toMatchObject({
      login_uid: t.uid,
      channel_id: "peer-1",
      channel_type: 1,
      start_message_seq: 2,
      end_message_seq: 4,
      pull_mode: 1,
    });
    expect(sync[0]!.token).toBe("access-1");
    expect((await user.db.conversations.get(["peer-1", 1]))?.unread).toBe(4);
  });
});

describe("server disconnect and liveness", () => {
  it("DISCONNECT reason 12 → ConnectKick, a kicked event, and no reconnect", async () => {
    await t.connect();
    t.server.last.send({
      op: Op.DISCONNECT,
      reasonCode: ReasonCode.CONNECT_KICK,
      reason: "login in other device",
    });
    await until(() => {
      expect(t.service.status()).toMatchObject({
        connection: "ConnectKick",
        reasonCode: 12,
        kick: "SIGNED_IN_ELSEWHERE",
      });
    });
    expect(t.eventsOf("kicked")).toEqual([
      { type: "kicked", reason: "SIGNED_IN_ELSEWHERE", reasonCode: 12 },
    ]);
    expect(t.server.last.closedByClient).toBe(true);
    vi.advanceTimersByTime(10 * 60_000);
    await settle();
    expect(t.server.sockets).toHaveLength(1);
  });

  it("PINGs every 60 s; when more than 3 go unanswered the socket is replaced at once", async () => {
    await t.dispose();
    t = await createTestMessenger({ server: { autoPong: false } });
    await t.connect();
    const first = t.server.last;
    for (let i = 1; i <= 3; i += 1) {
      vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
      expect(first.framesOf(Op.PING)).toHaveLength(i);
    }
    expect(t.server.sockets).toHaveLength(1);
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
    expect(first.closedByClient).toBe(true);
    expect(t.server.sockets).toHaveLength(2);
    await until(() => {
      expect(t.service.status().connection).toBe("Connected");
    });
  });

  it("answered PINGs keep the connection", async () => {
    await t.connect();
    for (let i = 0; i < 6; i += 1) {
      vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
      await settle(5);
    }
    expect(t.server.last.framesOf(Op.PING)).toHaveLength(6);
    expect(t.server.sockets).toHaveLength(1);
  });

  it("a lost socket reconnects after 3 s and syncs conversations on every connect", async () => {
    await t.connect();
    expect(t.api.callsTo("wuKong/v1/conversationList")).toHaveLength(1);
    t.server.last.close();
    await settle();
    vi.advanceTimersByTime(RECONNECT_BASE_DELAY_MS - 1);
    expect(t.server.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await until(() => {
      expect(t.service.status().connection).toBe("Connected");
    });
    await until(() => {
      expect(t.api.callsTo("wuKong/v1/conversationList")).toHaveLength(2);
    });
  });
});

describe("session lifecycle", () => {
  it("logout disconnects deliberately, deletes the IM database and tells every tab", async () => {
    await t.connect();
    await sendTexts(1);
    const name = t.service.requireUser().db.name;
    await t.service.logout();
    expect(t.service.status()).toMatchObject({
      connection: "Disconnect",
      imUid: null,
    });
    expect(t.eventsOf("loggedOut")).toHaveLength(1);
    expect(t.server.last.closedByClient).toBe(true);
    const reopened = openImDb(t.uid);
    await reopened.open();
    expect(reopened.name).toBe(name);
    expect(await reopened.messages.count()).toBe(0);
    reopened.close();
    vi.advanceTimersByTime(60_000);
    expect(t.server.sockets).toHaveLength(1);
  });
});
