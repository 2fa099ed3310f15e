// Conversation-wide writes: read-to, deletion with its whole local history, server list sync,
// receipts queue, loadOlder planning and sync cursors.
import { afterEach, describe, expect, it } from "vitest";
import type { AppDb } from "../../../src/db/AppDb";
import { buildImageMessage } from "../../../workers/outbox/outgoing";
import {
  applyReadTo,
  applyServerConversations,
  deleteConversation,
} from "../../../workers/store/conversationRepo";
import { planLoadOlder } from "../../../workers/store/historyRepo";
import { storeIncomingBatch } from "../../../workers/store/incomingRepo";
import { enqueueOutgoing } from "../../../workers/store/outgoingRepo";
import {
  completeReceipts,
  loadReceiptQueue,
  queueReceipts,
} from "../../../workers/store/receiptRepo";
import {
  advanceCursor,
  getCursor,
} from "../../../workers/store/syncCursorRepo";
import { freshDb, receiveContext, recv } from "../../support/workers/imFixtures";

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
const other = { channelId: "other", channelType: 1 };

describe("applyReadTo", () => {
  it("reads up to the last message by default, never moves back", async () => {
    const db = await open();
    await storeIncomingBatch(db, [recv(1), recv(2), recv(3)], receiveContext());
    expect(await applyReadTo(db, { channel: peer, seq: 2 })).toMatchObject({
      readToSeq: 2,
      unread: 1,
    });
    expect(await applyReadTo(db, { channel: peer, seq: 1 })).toMatchObject({
      readToSeq: 2,
      unread: 1,
    });
    expect(await applyReadTo(db, { channel: peer })).toMatchObject({
      readToSeq: 3,
      unread: 0,
    });
    expect(await applyReadTo(db, { channel: other })).toBeUndefined();
  });
});

describe("deleteConversation", () => {
  it("removes the conversation and all its local data, and nothing of other channels", async () => {
    const db = await open();
    await storeIncomingBatch(
      db,
      [
        recv(1),
        recv(2),
        recv(1, { channelId: "other", clientMsgNo: "o1", messageId: "9" }),
      ],
      receiveContext(),
    );
    const img = buildImageMessage(
      peer,
      { file: new Blob(["x"], { type: "image/png" }), width: 1, height: 1 },
      { selfUid: "me", clientMsgNo: "img", now: 1 },
    );
    await enqueueOutgoing(db, img);
    await queueReceipts(
      db,
      [
        {
          messageId: "1000001",
          messageSeq: 1,
          clientMsgNo: "peer-msg-1",
          channelKey: "1:peer",
        },
      ],
      1,
    );
    await db.reminders.bulkPut([
      {
        reminderId: 1,
        reminderType: 1,
        channelId: "peer",
        channelType: 1,
        messageSeq: 1,
        text: "@me",
        done: false,
        version: 1,
      },
      {
        reminderId: 2,
        reminderType: 1,
        channelId: "other",
        channelType: 1,
        messageSeq: 1,
        text: "@me",
        done: false,
        version: 1,
      },
    ]);

    const { removedOutbox } = await deleteConversation(db, peer);

    expect(removedOutbox).toEqual(["img"]);
    expect((await db.messages.toArray()).map((m) => m.clientMsgNo)).toEqual([
      "o1",
    ]);
    expect(await db.conversations.toArray()).toMatchObject([
      { channelId: "other" },
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.uploads.count()).toBe(0);
    expect(await db.receiptQueue.count()).toBe(0);
    expect((await db.reminders.toArray()).map((r) => r.reminderId)).toEqual([
      2,
    ]);
    expect(await getCursor(db, "cleared:1:peer")).toBe(2);
  });
});

describe("applyServerConversations", () => {
  it("takes the server's unread and version, ignores older versions and deleted history", async () => {
    const db = await open();
    const changed = await applyServerConversations(db, [
      {
        channel: peer,
        lastMessageSeq: 40,
        unread: 3,
        timestamp: 9_000,
        version: 5,
      },
      {
        channel: other,
        lastMessageSeq: 7,
        unread: 0,
        timestamp: 8_000,
        version: 2,
      },
    ]);
    expect(changed).toEqual([peer, other]);
    expect(await db.conversations.get(["peer", 1])).toMatchObject({
      lastMessageSeq: 40,
      readToSeq: 37,
      unread: 3,
      version: 5,
    });
    await applyServerConversations(db, [
      {
        channel: peer,
        lastMessageSeq: 41,
        unread: 9,
        timestamp: 9_500,
        version: 4,
      },
    ]);
    expect((await db.conversations.get(["peer", 1]))?.unread).toBe(3);
    await deleteConversation(db, other);
    expect(
      await applyServerConversations(db, [
        {
          channel: other,
          lastMessageSeq: 7,
          unread: 1,
          timestamp: 8_000,
          version: 3,
        },
      ]),
    ).toEqual([]);
    expect(await db.conversations.get(["other", 1])).toBeUndefined();
  });
});

describe("receipt queue", () => {
  it("persists, restores oldest first, and marks messages readed when delivered", async () => {
    const db = await open();
    await storeIncomingBatch(
      db,
      [recv(1, { receipt: true }), recv(2, { receipt: true })],
      receiveContext(),
    );
    await queueReceipts(
      db,
      [
        {
          messageId: "1000002",
          messageSeq: 2,
          clientMsgNo: "peer-msg-2",
          channelKey: "1:peer",
        },
      ],
      20,
    );
    await queueReceipts(
      db,
      [
        {
          messageId: "1000001",
          messageSeq: 1,
          clientMsgNo: "peer-msg-1",
          channelKey: "1:peer",
        },
      ],
      10,
    );
    await queueReceipts(
      db,
      [
        {
          messageId: "1000001",
          messageSeq: 1,
          clientMsgNo: "peer-msg-1",
          channelKey: "1:peer",
        },
      ],
      10,
    );
    expect(
      (await loadReceiptQueue(db)).map((e) => [e.messageId, e.channelKey]),
    ).toEqual([
      ["1000001", "1:peer"],
      ["1000002", "1:peer"],
    ]);
    await completeReceipts(db, ["1000001"], 99);
    expect(await db.messages.get("peer-msg-1")).toMatchObject({
      readed: true,
      readedAt: 99,
    });
    expect(await db.messages.get("peer-msg-2")).toMatchObject({
      readed: false,
    });
    expect((await loadReceiptQueue(db)).map((e) => e.messageId)).toEqual([
      "1000002",
    ]);
  });
});

describe("planLoadOlder", () => {
  it("finds the stored seqs below beforeSeq and the ranges to sync", async () => {
    const db = await open();
    await storeIncomingBatch(
      db,
      [3, 4, 5, 9, 10].map((s) => recv(s)),
      receiveContext(),
    );
    await storeIncomingBatch(
      db,
      [recv(6, { channelId: "other", clientMsgNo: "x6", messageId: "77" })],
      receiveContext(),
    );
    expect(
      await planLoadOlder(db, { channel: peer, beforeSeq: 11, limit: 10 }),
    ).toEqual({
      window: { fromSeq: 1, toSeq: 10 },
      missing: [
        { fromSeq: 1, toSeq: 2 },
        { fromSeq: 6, toSeq: 8 },
      ],
    });
  });
});

describe("sync cursors", () => {
  it("start at 0 and only move forward", async () => {
    const db = await open();
    expect(await getCursor(db, "conversationVersion")).toBe(0);
    expect(await advanceCursor(db, "conversationVersion", 12)).toBe(12);
    expect(await advanceCursor(db, "conversationVersion", 3)).toBe(12);
    expect(await getCursor(db, "conversationVersion")).toBe(12);
  });
});
