// The service's other paths on the same fakes: image upload before send (progress, cancel, retry),
// read receipts coalesced per channel every 2 s, a 401 asking the tabs for a token once, the
// connect-time sync (conversations, missed messages, extras, reminders), loadOlder, and a worker
// restart that finds pending messages in the outbox.
import { Op } from "#protocol";
import { MessageStatus } from "../../../src/db/entities/MessageRecord";
import { UploadState } from "../../../src/db/entities/UploadRecord";
import { RECEIPT_FLUSH_INTERVAL_MS } from "../../../workers/inbox/receiptCoalescer";
import { SEND_FLUSH_INTERVAL_MS } from "../../../workers/outbox/outboxScheduler";
import {
  createTestMessenger,
  settle,
  until,
  useServiceTimers,
  type TestMessenger,
} from "../../support/workers/testMessenger";

const peer = { channelId: "peer-1", channelType: 1 };
const b64 = (json: unknown) =>
  Buffer.from(JSON.stringify(json)).toString("base64");

function wireMessage(seq: number, over: Record<string, unknown> = {}) {
  return {
    message_id: 9000 + seq,
    message_idstr: String(9000 + seq),
    client_msg_no: `w-${seq}`,
    message_seq: seq,
    from_uid: "peer-1",
    channel_id: "peer-1",
    channel_type: 1,
    timestamp: 1_760_000_000 + seq,
    header: { red_dot: 1, no_persist: 0, sync_once: 0 },
    setting: 0,
    payload: b64({ content: `wire ${seq}`, type: 1 }),
    ...over,
  };
}

/** A messageSync that serves seqs 1..last of peer-1 by the request's range and mode. */
function serveHistory(t: TestMessenger, last: number) {
  t.api.on("wuKong/v1/messageSync", ({ body }) => {
    const seqs: number[] = [];
    if (body.pull_mode === 1) {
      for (
        let s: number = body.start_message_seq;
        s <= last && (body.end_message_seq === 0 || s < body.end_message_seq);
        s += 1
      )
        seqs.push(s);
    } else {
      for (
        let s = Math.min(body.start_message_seq, last);
        s > body.end_message_seq && s >= 1;
        s -= 1
      )
        seqs.push(s);
    }
    const page = seqs.slice(0, body.limit).sort((a, b) => a - b);
    return {
      data: {
        more: seqs.length > body.limit ? 1 : 0,
        messages: page.map((s) => wireMessage(s)),
      },
    };
  });
}

let t: TestMessenger;

beforeEach(async () => {
  useServiceTimers();
  t = await createTestMessenger();
});

afterEach(async () => {
  await t.dispose();
  vi.useRealTimers();
});

describe("image messages", () => {
  const png = () =>
    new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4])], {
      type: "image/png",
    });

  it("uploads first with progress to the tabs, then sends {url, width, height} as type 2", async () => {
    await t.connect();
    const user = t.service.requireUser();
    const { clientMsgNo } = await user.sendImage(peer, {
      file: png(),
      width: 640,
      height: 480,
    });
    await until(() => {
      expect(t.uploads).toHaveLength(1);
    });
    const upload = t.uploads[0]!;
    expect(upload.request.url).toBe(`${t.api.base}/file/v1/upload`);
    expect(upload.request.authorization).toBe("Bearer access-1");
    expect(upload.request.file.size).toBe(8);
    expect((await user.db.uploads.get(clientMsgNo))?.state).toBe(
      UploadState.PROCESSING,
    );

    upload.request.onProgress(4, 8);
    vi.advanceTimersByTime(SEND_FLUSH_INTERVAL_MS * 5);
    expect(t.server.last.framesOf(Op.SEND)).toHaveLength(0);
    upload.respond({
      status: 200,
      body: {
        code: 0,
        data: { url: "https://cdn.test/media/a.png", width: 640, height: 480 },
        msg: "ok",
      },
    });
    await until(async () => {
      expect((await user.db.uploads.get(clientMsgNo))?.state).toBe(
        UploadState.SUCCESS,
      );
    });
    vi.advanceTimersByTime(SEND_FLUSH_INTERVAL_MS);
    const [send] = t.server.last.sends();
    expect(send!.content).toEqual({
      url: "https://cdn.test/media/a.png",
      width: 640,
      height: 480,
      type: 2,
    });
    expect(send!.frame.clientMsgNo).toBe(clientMsgNo);
    const progress = t
      .eventsOf("uploadProgress")
      .filter((e) => e.clientMsgNo === clientMsgNo);
    expect(progress.map((e) => [e.state, e.loaded, e.total])).toEqual([
      ["processing", 0, 8],
      ["processing", 4, 8],
      ["success", 8, 8],
    ]);
    expect((await user.db.messages.get(clientMsgNo))?.content).toMatchObject({
      url: "https://cdn.test/media/a.png",
    });
  });

  it("holds later messages of the same channel until the image is sent", async () => {
    await t.connect();
    const user = t.service.requireUser();
    const image = await user.sendImage(peer, {
      file: png(),
      width: 1,
      height: 1,
    });
    const text = await user.sendText(peer, "after the picture");
    const other = await user.sendText(
      { channelId: "peer-2", channelType: 1 },
      "elsewhere",
    );
    vi.advanceTimersByTime(SEND_FLUSH_INTERVAL_MS);
    expect(t.server.last.sends().map((s) => s.frame.clientMsgNo)).toEqual([
      other.clientMsgNo,
    ]);
    await until(() => {
      expect(t.uploads).toHaveLength(1);
    });
    t.uploads[0]!.respond({
      status: 200,
      body: { code: 0, data: { url: "/media/x.png", width: 1, height: 1 } },
    });
    await until(async () => {
      expect((await user.db.uploads.get(image.clientMsgNo))?.state).toBe(
        "success",
      );
    });
    vi.advanceTimersByTime(SEND_FLUSH_INTERVAL_MS);
    expect(t.server.last.sends().map((s) => s.frame.clientMsgNo)).toEqual([
      other.clientMsgNo,
      image.clientMsgNo,
      text.clientMsgNo,
    ]);
  });

  it("cancel makes the message fail; retryUpload uploads again and sends it", async () => {
    await t.connect();
    const user = t.service.requireUser();
    const { clientMsgNo } = await user.sendImage(peer, {
      file: png(),
      width: 2,
      height: 2,
    });
    await until(() => {
      expect(t.uploads).toHaveLength(1);
    });
    await user.cancelUpload(clientMsgNo);
    await until(async () => {
      expect(await user.db.messages.get(clientMsgNo)).toMatchObject({
        status: MessageStatus.FAIL,
        failure: { code: "UPLOAD_CANCELLED" },
      });
    });
    expect((await user.db.uploads.get(clientMsgNo))?.state).toBe(
      UploadState.CANCEL,
    );
    await user.retryUpload(clientMsgNo);
    await until(() => {
      expect(t.uploads).toHaveLength(2);
    });
    expect((await user.db.messages.get(clientMsgNo))?.status).toBe(
      MessageStatus.WAIT,
    );
    t.uploads[1]!.respond({
      status: 200,
      body: { code: 0, data: { url: "/media/y.png", width: 2, height: 2 } },
    });
    await until(async () => {
      expect((await user.db.uploads.get(clientMsgNo))?.state).toBe("success");
    });
    vi.advanceTimersByTime(SEND_FLUSH_INTERVAL_MS);
    expect(t.server.last.sends().map((s) => s.frame.clientMsgNo)).toEqual([
      clientMsgNo,
    ]);
  });

  it("a refused upload fails the message (state fail) and keeps the server's reason", async () => {
    await t.connect();
    const user = t.service.requireUser();
    const { clientMsgNo } = await user.sendImage(peer, {
      file: png(),
      width: 2,
      height: 2,
    });
    await until(() => {
      expect(t.uploads).toHaveLength(1);
    });
    t.uploads[0]!.respond({
      status: 413,
      body: {
        code: 413,
        data: null,
        msg: "The file is larger than 10485760 bytes",
        reason: "IMAGE_TOO_LARGE",
        params: { max: 10_485_760, junk: { nested: true } },
      },
    });
    await until(async () => {
      expect(await user.db.messages.get(clientMsgNo)).toMatchObject({
        status: "fail",
        failure: {
          code: "UPLOAD_FAILED",
          refusal: { reason: "IMAGE_TOO_LARGE", params: { max: 10_485_760 } },
        },
      });
    });
    // NOTE: only flat values of params are kept (they go into a sentence).
    expect(
      (await user.db.messages.get(clientMsgNo))?.failure?.refusal?.params,
    ).toEqual({ max: 10_485_760 });
    expect(
      t.eventsOf("error").some((e) => e.error.code === "SERVER_ERROR"),
    ).toBe(true);
  });
});

describe("read receipts", () => {
  it("receipt messages shown in a visible tab are queued, coalesced per channel and flushed every 2 s", async () => {
    await t.connect();
    t.service.openConversation("tab-1", peer);
    const socket = t.server.last;
    for (const seq of [1, 2, 3]) {
      socket.send(
        socket.recv({
          fromUid: "peer-1",
          clientMsgNo: `rc-${seq}`,
          messageId: BigInt(4000 + seq),
          messageSeq: seq,
          receipt: seq !== 2,
          content: { kind: "text", type: 1, content: `receipt ${seq}` },
        }),
      );
    }
    const user = t.service.requireUser();
    await until(async () => {
      expect(await user.db.receiptQueue.count()).toBe(2);
    });
    expect(t.api.callsTo("wuKong/v1/messageReaded")).toHaveLength(0);
    vi.advanceTimersByTime(RECEIPT_FLUSH_INTERVAL_MS);
    await until(() => {
      expect(t.api.callsTo("wuKong/v1/messageReaded")).toHaveLength(1);
    });
    expect(t.api.callsTo("wuKong/v1/messageReaded")[0]!.body).toEqual({
      channel_id: "peer-1",
      channel_type: 1,
      message_ids: ["4001", "4003"],
    });
    await until(async () => {
      expect((await user.db.messages.get("rc-1"))?.readed).toBe(true);
    });
    expect(await user.db.receiptQueue.count()).toBe(0);
    // The conversation is shown: no unread here, and the server is told it is read up to seq 3.
    expect((await user.db.conversations.get(["peer-1", 1]))?.unread).toBe(0);
    await until(() => {
      expect(
        t.api.callsTo("wuKong/v1/conversations/setUnread").at(-1)?.body,
      ).toEqual({
        channel_id: "peer-1",
        channel_type: 1,
        message_seq: 3,
      });
    });
    // Only once the server has it, the tabs hear that the server's unread count changed.
    expect(t.eventsOf("readsReported").at(-1)?.channels).toEqual([peer]);
    // Already readed: not sent again when the conversation is shown again.
    t.service.closeConversation("tab-1", peer);
    t.service.openConversation("tab-1", peer);
    await settle();
    vi.advanceTimersByTime(RECEIPT_FLUSH_INTERVAL_MS * 3);
    await settle();
    expect(t.api.callsTo("wuKong/v1/messageReaded")).toHaveLength(1);
  });

  it("nothing is queued while the tab showing the conversation is hidden", async () => {
    await t.connect();
    t.service.openConversation("tab-1", peer);
    t.service.hint("tab-1", { online: true, visible: false });
    const socket = t.server.last;
    socket.send(
      socket.recv({
        fromUid: "peer-1",
        clientMsgNo: "h-1",
        messageId: 4101n,
        messageSeq: 1,
        receipt: true,
        content: { kind: "text", type: 1, content: "x" },
      }),
    );
    const user = t.service.requireUser();
    await until(async () => {
      expect((await user.db.conversations.get(["peer-1", 1]))?.unread).toBe(1);
    });
    expect(await user.db.receiptQueue.count()).toBe(0);
    t.service.hint("tab-1", { online: true, visible: true });
    await until(async () => {
      expect(await user.db.receiptQueue.count()).toBe(1);
      expect((await user.db.conversations.get(["peer-1", 1]))?.unread).toBe(0);
    });
  });
});

describe("reading a thread", () => {
  it("a thread shown and left at once marks read only what was stored before it was shown", async () => {
    await t.connect();
    const socket = t.server.last;
    const recv = (seq: number) => {
      socket.send(
        socket.recv({
          fromUid: "peer-1",
          clientMsgNo: `sl-${seq}`,
          messageId: BigInt(4200 + seq),
          messageSeq: seq,
          content: { kind: "text", type: 1, content: `message ${seq}` },
        }),
      );
    };
    recv(1);
    const user = t.service.requireUser();
    await until(async () => {
      expect((await user.db.conversations.get(["peer-1", 1]))?.unread).toBe(1);
    });
    // Shown and left before the worker got to the read mark; a message comes right after.
    t.service.openConversation("tab-1", peer);
    t.service.closeConversation("tab-1", peer);
    recv(2);
    await until(async () => {
      const conversation = await user.db.conversations.get(["peer-1", 1]);
      expect(conversation?.lastMessageSeq).toBe(2);
      expect(conversation?.readToSeq).toBe(1);
    });
    await settle();
    expect((await user.db.conversations.get(["peer-1", 1]))?.unread).toBe(1);
  });
});

describe("access token", () => {
  it("a 401 emits authRequired once and stops HTTP with that token; updateAuth resumes", async () => {
    let accepted = "access-2";
    t.api.on("wuKong/v1/conversationList", (call) =>
      call.token === accepted
        ? { data: [] }
        : { status: 401, body: { code: 401, data: null, msg: "expired" } },
    );
    await t.connect();
    await until(() => {
      expect(t.eventsOf("authRequired")).toHaveLength(1);
    });
    t.server.last.close();
    await settle();
    vi.advanceTimersByTime(3_000);
    await until(() => {
      expect(t.server.sockets).toHaveLength(2);
      expect(t.service.status().connection).toBe("Connected");
    });
    await settle();
    // The refused token is not sent again, and the tabs are not asked again.
    expect(t.api.callsTo("wuKong/v1/conversationList")).toHaveLength(1);
    expect(t.eventsOf("authRequired")).toHaveLength(1);
    expect(
      t.eventsOf("error").filter((e) => e.error.code === "UNAUTHORIZED"),
    ).toHaveLength(0);
    t.service.updateAuth("access-2");
    await until(() => {
      expect(t.api.callsTo("wuKong/v1/conversationList")).toHaveLength(2);
    });
    expect(t.api.callsTo("wuKong/v1/conversationList")[1]!.token).toBe(
      "access-2",
    );
    accepted = "never";
  });
});

describe("sync on connect", () => {
  it("applies the conversation list with recent messages, fetches what was missed, extras and reminders", async () => {
    serveHistory(t, 8);
    t.api.on("wuKong/v1/conversationList", () => ({
      data: [
        {
          channel_id: "peer-1",
          channel_type: 1,
          unread: 3,
          timestamp: 1_760_000_008,
          last_msg_seq: 8,
          version: 55,
          recents: [wireMessage(7), wireMessage(8)],
        },
      ],
    }));
    t.api.on("wuKong/v1/messageExtraSync", ({ body }) => ({
      data:
        body.extra_version === 0
          ? [
              {
                message_id: 9002,
                message_idstr: "9002",
                revoke: 1,
                revoker: "peer-1",
                extra_version: 70,
                readed: 0,
                readed_count: 0,
                unread_count: 0,
              },
            ]
          : [],
    }));
    t.api.on("wuKong/v1/reminders/sync", () => ({
      data: [
        {
          id: 31,
          channel_id: "peer-1",
          channel_type: 1,
          message_seq: 8,
          reminder_type: 1,
          text: "@me",
          version: 90,
          done: 0,
        },
      ],
    }));
    // Local history up to seq 2 from an earlier session.
    await t.start();
    const user = t.service.requireUser();
    await user.db.messages.bulkPut(
      [1, 2].map((seq) => ({
        clientMsgNo: `w-${seq}`,
        messageId: String(9000 + seq),
        messageSeq: seq,
        channelId: "peer-1",
        channelType: 1,
        fromUid: "peer-1",
        timestamp: 0,
        contentType: 1,
        content: { type: 1, content: "old" },
        status: "normal" as const,
        redDot: true,
        receipt: false,
        readed: false,
        isDeleted: false,
      })),
    );
    await until(() => {
      expect(t.service.status().connection).toBe("Connected");
    });
    await until(async () => {
      expect(await user.db.reminders.count()).toBe(1);
    });
    const seqs = (await user.db.messages.toArray())
      .map((m) => m.messageSeq)
      .sort((a, b) => a! - b!);
    expect(seqs).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(t.api.callsTo("wuKong/v1/messageSync")[0]!.body).toMatchObject({
      start_message_seq: 3,
      end_message_seq: 7,
      pull_mode: 1,
    });
    expect(await user.db.conversations.get(["peer-1", 1])).toMatchObject({
      lastMessageSeq: 8,
      unread: 3,
      version: 55,
    });
    expect((await user.db.messages.get("w-2"))?.extra).toMatchObject({
      revoke: true,
      revoker: "peer-1",
      extraVersion: 70,
    });
    expect(await user.db.reminders.get(31)).toMatchObject({
      done: false,
      text: "@me",
    });
    expect(await user.db.syncCursors.get("conversationVersion")).toEqual({
      name: "conversationVersion",
      value: 55,
    });

    // Reminders are done locally before the server is called.
    let doneWhenCalled: boolean | undefined;
    t.api.on("wuKong/v1/reminders/done", async () => {
      doneWhenCalled = (await user.db.reminders.get(31))?.done;
      return { data: null };
    });
    await user.reminderDone([31]);
    expect(doneWhenCalled).toBe(true);
    expect(t.api.callsTo("wuKong/v1/reminders/done")[0]!.body).toEqual({
      ids: [31],
    });
  });
});

describe("loadOlder", () => {
  it("reads IndexedDB first, then asks messageSync (pull_mode 0) for the missing seqs only", async () => {
    serveHistory(t, 50);
    await t.connect();
    const user = t.service.requireUser();
    const first = await user.loadOlder(peer, 51, 20);
    expect(first).toEqual({ available: 20, reachedStart: false });
    const calls = t.api.callsTo("wuKong/v1/messageSync");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({
      start_message_seq: 50,
      end_message_seq: 30,
      pull_mode: 0,
    });
    expect(await user.db.messages.count()).toBe(20);
    // Stored now: no server call.
    expect(await user.loadOlder(peer, 51, 10)).toEqual({
      available: 10,
      reachedStart: false,
    });
    expect(t.api.callsTo("wuKong/v1/messageSync")).toHaveLength(1);
    // Down to seq 1.
    expect(await user.loadOlder(peer, 31, 40)).toEqual({
      available: 30,
      reachedStart: true,
    });
    expect(await user.loadOlder(peer, 1, 20)).toEqual({
      available: 0,
      reachedStart: true,
    });
  });
});

describe("restart", () => {
  it("a new worker finds pending messages in the outbox and sends them (DUP) once connected", async () => {
    await t.start();
    const user = t.service.requireUser();
    const { clientMsgNo } = await user.sendText(peer, "typed before the crash");
    // The worker dies before anything went out (no connection yet).
    const uid = t.uid;
    await until(() => {
      expect(t.server.sockets.length).toBeGreaterThan(0);
    });
    const second = await createTestMessenger({ uid });
    await second.connect();
    vi.advanceTimersByTime(SEND_FLUSH_INTERVAL_MS);
    const sends = second.server.last.sends();
    expect(
      sends.map((s) => [s.frame.clientMsgNo, s.frame.dup, s.content.content]),
    ).toEqual([[clientMsgNo, true, "typed before the crash"]]);
    second.server.last.sendAck(sends[0]!.frame, {
      messageId: 77n,
      messageSeq: 1,
    });
    await until(async () => {
      expect(
        (await second.service.requireUser().db.messages.get(clientMsgNo))
          ?.status,
      ).toBe("normal");
    });
    await second.service.stop(true);
    second.deviceDb.close();
  });
});
