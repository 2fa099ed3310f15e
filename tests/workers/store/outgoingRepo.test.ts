// The send path's writes: enqueue (message + outbox + conversation together), SENDACK, failure with the
// media kept, retry at the end of the outbox, restore order, uploads.
import { afterEach, describe, expect, it } from "vitest";
import type { AppDb } from "../../../src/db/AppDb";
import { MessengerFailure } from "../../../workers/messenger/errors";
import {
  buildImageMessage,
  buildTextMessage,
} from "../../../workers/outbox/outgoing";
import {
  applySendAck,
  enqueueOutgoing,
  loadPendingOutbox,
  markFailed,
  requeueFailed,
} from "../../../workers/store/outgoingRepo";
import {
  completeUpload,
  setUploadState,
} from "../../../workers/store/uploadRepo";
import { storeIncomingBatch } from "../../../workers/store/incomingRepo";
import {
  freshDb,
  receiveContext,
  recv,
} from "../../support/workers/imFixtures";

let disposeDb: (() => Promise<void>) | undefined;
afterEach(async () => {
  await disposeDb?.();
  disposeDb = undefined;
});

async function open(): Promise<AppDb> {
  const { db, dispose } = await freshDb();
  disposeDb = dispose;
  return db;
}

const peer = { channelId: "peer", channelType: 1 };
const text = (no: string, now = 1_000) =>
  buildTextMessage(peer, `text ${no}`, { selfUid: "me", clientMsgNo: no, now });
const image = (no: string, now = 1_000) =>
  buildImageMessage(
    peer,
    {
      file: new Blob([new Uint8Array(4)], { type: "image/png" }),
      width: 2,
      height: 2,
    },
    { selfUid: "me", clientMsgNo: no, now },
  );

async function failureCode(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
    return undefined;
  } catch (error) {
    return error instanceof MessengerFailure ? error.code : String(error);
  }
}

describe("send path", () => {
  it("enqueues the message (wait), its outbox entry and moves its conversation to the top", async () => {
    const db = await open();
    const row = await enqueueOutgoing(db, text("m1", 5_000));
    expect(row.seq).toBeGreaterThan(0);
    expect(await db.messages.get("m1")).toMatchObject({
      status: "wait",
      fromUid: "me",
    });
    expect(await db.conversations.get(["peer", 1])).toMatchObject({
      timestamp: 5_000,
      lastClientMsgNo: "m1",
      unread: 0,
    });
  });

  it("refuses the same clientMsgNo twice and leaves the first untouched", async () => {
    const db = await open();
    await enqueueOutgoing(db, text("m1"));
    expect(await failureCode(enqueueOutgoing(db, text("m1", 9_999)))).toBe(
      "INVALID_STATE",
    );
    expect(await db.outbox.count()).toBe(1);
    expect((await db.conversations.get(["peer", 1]))?.timestamp).toBe(1_000);
  });

  it("writes all of a message or none of it: a failing write leaves the store as it was", async () => {
    const db = await open();
    await enqueueOutgoing(db, text("m1"));
    const rows = text("m2", 7_000);
    // An outbox entry already naming m2 (unique clientMsgNo) makes the outbox write fail.
    await db.outbox.add({ ...rows.outbox, seq: undefined } as never);
    expect(await failureCode(enqueueOutgoing(db, rows))).toMatch(
      /ConstraintError/,
    );
    expect(await db.messages.get("m2")).toBeUndefined();
    expect(await db.conversations.get(["peer", 1])).toMatchObject({
      timestamp: 1_000,
      lastClientMsgNo: "m1",
    });
  });

  it("SENDACK: status normal with id and seq, out of the outbox, the thread read up to it — idempotent", async () => {
    const db = await open();
    await storeIncomingBatch(db, [recv(1)], receiveContext());
    await enqueueOutgoing(db, text("m1"));
    const ack = { clientMsgNo: "m1", messageId: "555", messageSeq: 2 };
    expect(await applySendAck(db, ack)).toMatchObject({
      status: "normal",
      messageId: "555",
      messageSeq: 2,
    });
    await applySendAck(db, ack);
    expect(await db.outbox.count()).toBe(0);
    // As the server counts it: whoever sends has read what came before.
    expect(await db.conversations.get(["peer", 1])).toMatchObject({
      lastMessageSeq: 2,
      readToSeq: 2,
      uncountedSeqs: [],
      unread: 0,
    });
    expect(
      await applySendAck(db, { ...ack, clientMsgNo: "gone" }),
    ).toBeUndefined();
  });

  it("SENDACK reads only up to the own message: a later message from the peer stays unread", async () => {
    const db = await open();
    await storeIncomingBatch(db, [recv(1)], receiveContext());
    await enqueueOutgoing(db, text("m1"));
    await storeIncomingBatch(db, [recv(3)], receiveContext());
    await applySendAck(db, {
      clientMsgNo: "m1",
      messageId: "556",
      messageSeq: 2,
    });
    expect(await db.conversations.get(["peer", 1])).toMatchObject({
      lastMessageSeq: 3,
      readToSeq: 2,
      unread: 1,
    });
  });

  it("rejects a malformed SENDACK without touching the message", async () => {
    const db = await open();
    await enqueueOutgoing(db, text("m1"));
    expect(
      await failureCode(
        applySendAck(db, { clientMsgNo: "m1", messageId: "-1", messageSeq: 1 }),
      ),
    ).toBe("INVALID_ARGUMENT");
    expect(
      await failureCode(
        applySendAck(db, {
          clientMsgNo: "m1",
          messageId: "1",
          messageSeq: 1.5,
        }),
      ),
    ).toBe("INVALID_ARGUMENT");
    expect(await db.messages.get("m1")).toMatchObject({ status: "wait" });
  });

  it("a failure keeps the outbox row (and its image) for a retry that goes to the END of the outbox", async () => {
    const db = await open();
    await enqueueOutgoing(db, image("img"));
    await enqueueOutgoing(db, text("t1"));
    await markFailed(db, {
      clientMsgNo: "img",
      failure: { code: "UPLOAD_FAILED" },
    });
    expect(await db.messages.get("img")).toMatchObject({
      status: "fail",
      failure: { code: "UPLOAD_FAILED" },
    });
    expect(
      (await loadPendingOutbox(db)).map((p) => p.outbox.clientMsgNo),
    ).toEqual(["t1"]);

    const again = await requeueFailed(db, "img");
    expect(again.outbox.media?.blob).toBeInstanceOf(Blob);
    expect(again.upload).toMatchObject({ state: "wait", loaded: 0 });
    expect(await db.messages.get("img")).not.toHaveProperty("failure");
    expect(
      (await loadPendingOutbox(db)).map((p) => p.outbox.clientMsgNo),
    ).toEqual(["t1", "img"]);
  });

  it("retry needs a failed message", async () => {
    const db = await open();
    await enqueueOutgoing(db, text("t1"));
    expect(await failureCode(requeueFailed(db, "t1"))).toBe("INVALID_STATE");
    expect(await failureCode(requeueFailed(db, "nope"))).toBe("NOT_FOUND");
  });

  it("markFailed never downgrades an acknowledged message", async () => {
    const db = await open();
    await enqueueOutgoing(db, text("t1"));
    await applySendAck(db, {
      clientMsgNo: "t1",
      messageId: "1",
      messageSeq: 1,
    });
    expect(
      await markFailed(db, {
        clientMsgNo: "t1",
        failure: { code: "SEND_REFUSED", reasonCode: 4 },
      }),
    ).toBeUndefined();
    expect(await db.messages.get("t1")).toMatchObject({ status: "normal" });
  });

  it("restores pending sends in outbox order with their uploads", async () => {
    const db = await open();
    await enqueueOutgoing(db, text("a"));
    await enqueueOutgoing(db, image("b"));
    await enqueueOutgoing(db, text("c"));
    const pending = await loadPendingOutbox(db);
    expect(pending.map((p) => [p.outbox.clientMsgNo, p.upload?.state])).toEqual(
      [
        ["a", undefined],
        ["b", "wait"],
        ["c", undefined],
      ],
    );
  });

  it("records upload progress and writes the uploaded URL into both payloads", async () => {
    const db = await open();
    await enqueueOutgoing(db, image("img"));
    expect(
      await setUploadState(db, {
        clientMsgNo: "img",
        state: "processing",
        loaded: 2,
        now: 7,
      }),
    ).toMatchObject({ loaded: 2, total: 4 });
    await completeUpload(db, {
      clientMsgNo: "img",
      url: "https://cdn.example/x.png",
      now: 8,
    });
    expect(await db.uploads.get("img")).toMatchObject({
      state: "success",
      loaded: 4,
      url: "https://cdn.example/x.png",
    });
    expect(
      (await db.outbox.where("clientMsgNo").equals("img").first())?.content,
    ).toEqual({
      type: 2,
      width: 2,
      height: 2,
      url: "https://cdn.example/x.png",
    });
    expect((await db.messages.get("img"))?.content).toMatchObject({
      url: "https://cdn.example/x.png",
    });
    expect(
      await setUploadState(db, { clientMsgNo: "none", state: "fail", now: 9 }),
    ).toBeUndefined();
    expect(
      await failureCode(
        completeUpload(db, { clientMsgNo: "none", url: "u", now: 9 }),
      ),
    ).toBe("NOT_FOUND");
  });
});
