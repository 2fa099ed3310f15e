// storeIncomingBatch on fake-indexeddb: idempotent, commands not stored, conversations updated in the
// same transaction, gaps reported, a 200-message batch in ONE IndexedDB transaction; resent copies
// (issue #18) shown once, their seqs neither unread nor a hole.
import { afterEach, describe, expect, it } from "vitest";
import type { AppDb } from "../../../src/db/AppDb";
import { deleteConversation } from "../../../workers/store/conversationRepo";
import {
  planLoadOlder,
  recentHoleSpan,
} from "../../../workers/store/historyRepo";
import {
  announcedRows,
  storeIncomingBatch,
} from "../../../workers/store/incomingRepo";
import { enqueueOutgoing } from "../../../workers/store/outgoingRepo";
import { buildTextMessage } from "../../../workers/outbox/outgoing";
import {
  countIdbTransactions,
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

describe("announcedRows", () => {
  it("announces a batch's messages as stored rows would look, without commands or malformed ones", async () => {
    const db = await open();
    const cmd = recv(2, {
      contentType: 99,
      content: { type: 99, cmd: "typing", param: { on: true } },
    });
    const malformed = recv(3, { messageId: "not-a-number" });
    const batch = [recv(1), cmd, malformed, recv(4)];
    const announced = announcedRows(batch);
    const { stored } = await storeIncomingBatch(db, batch, receiveContext());
    expect(announced).toEqual(stored);
    expect(announced.map((row) => row.clientMsgNo)).toEqual([
      "peer-msg-1",
      "peer-msg-4",
    ]);
  });
});

describe("storeIncomingBatch", () => {
  it("[RECV-1] the same RECV twice gives one row and one unread", async () => {
    const db = await open();
    const first = await storeIncomingBatch(db, [recv(1)], receiveContext());
    const second = await storeIncomingBatch(db, [recv(1)], receiveContext());
    expect(first.stored).toHaveLength(1);
    expect(second).toMatchObject({
      stored: [],
      duplicates: 1,
      changedConversations: [],
    });
    expect(await db.messages.count()).toBe(1);
    expect(await db.conversations.get(["peer", 1])).toMatchObject({
      unread: 1,
      lastMessageSeq: 1,
    });
  });

  it("treats the same messageId under another clientMsgNo, and a repeat inside one batch, as duplicates", async () => {
    const db = await open();
    await storeIncomingBatch(db, [recv(1)], receiveContext());
    const result = await storeIncomingBatch(
      db,
      [recv(1, { clientMsgNo: "replayed" }), recv(2), recv(2)],
      receiveContext(),
    );
    expect(result.duplicates).toBe(2);
    expect(
      (await db.messages.toArray()).map((m) => m.clientMsgNo).sort(),
    ).toEqual(["peer-msg-1", "peer-msg-2"]);
  });

  it("hands command messages back without storing them or touching conversations", async () => {
    const db = await open();
    const cmd = recv(5, {
      contentType: 99,
      content: { type: 99, cmd: "typing", param: { on: true } },
    });
    const result = await storeIncomingBatch(db, [cmd], receiveContext());
    expect(result.commands).toEqual([cmd]);
    expect(await db.messages.count()).toBe(0);
    expect(await db.conversations.count()).toBe(0);
  });

  it("updates unread in the same write: others' RedDot messages count, silent ones do not", async () => {
    const db = await open();
    await storeIncomingBatch(
      db,
      [recv(1), recv(2, { redDot: false }), recv(3), recv(4)],
      receiveContext(),
    );
    expect(await db.conversations.get(["peer", 1])).toMatchObject({
      lastMessageSeq: 4,
      readToSeq: 0,
      uncountedSeqs: [2],
      unread: 3,
      lastClientMsgNo: "peer-msg-4",
    });
  });

  it("an own message sent from another device marks the thread read up to it, not beyond", async () => {
    const db = await open();
    await storeIncomingBatch(db, [recv(1), recv(2)], receiveContext());
    expect((await db.conversations.get(["peer", 1]))?.unread).toBe(2);
    await storeIncomingBatch(
      db,
      [recv(3, { fromUid: "me" }), recv(4, { redDot: false }), recv(5)],
      receiveContext(),
    );
    expect(await db.conversations.get(["peer", 1])).toMatchObject({
      lastMessageSeq: 5,
      readToSeq: 3,
      uncountedSeqs: [4],
      unread: 1,
    });
  });

  it("leaves unread at 0 for a conversation open in a visible tab", async () => {
    const db = await open();
    await storeIncomingBatch(
      db,
      [recv(1), recv(2)],
      receiveContext({ visibleChannels: new Set(["1:peer"]) }),
    );
    expect(await db.conversations.get(["peer", 1])).toMatchObject({
      readToSeq: 2,
      unread: 0,
    });
  });

  it("reports the seqs a RECV skipped", async () => {
    const db = await open();
    await storeIncomingBatch(db, [recv(10)], receiveContext());
    const result = await storeIncomingBatch(db, [recv(14)], receiveContext());
    expect(result.gaps).toEqual([
      { channelId: "peer", channelType: 1, fromSeq: 11, toSeq: 13 },
    ]);
    expect((await db.conversations.get(["peer", 1]))?.unread).toBe(5);
  });

  it("settles an own pending message whose SENDACK was lost when the server's copy arrives", async () => {
    const db = await open();
    const rows = buildTextMessage({ channelId: "peer", channelType: 1 }, "hi", {
      selfUid: "me",
      clientMsgNo: "mine-1",
      now: 5,
    });
    await enqueueOutgoing(db, rows);
    const result = await storeIncomingBatch(
      db,
      [
        recv(8, {
          clientMsgNo: "mine-1",
          fromUid: "me",
          content: rows.message.content,
        }),
      ],
      receiveContext(),
    );
    expect(result.settledOutgoing).toEqual(["mine-1"]);
    expect(await db.messages.get("mine-1")).toMatchObject({
      status: "normal",
      messageId: "1000008",
      messageSeq: 8,
    });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.conversations.get(["peer", 1])).toMatchObject({
      unread: 0,
      lastMessageSeq: 8,
    });
  });

  it("does not let someone else's message settle (or overwrite) an own pending one", async () => {
    const db = await open();
    const rows = buildTextMessage({ channelId: "peer", channelType: 1 }, "hi", {
      selfUid: "me",
      clientMsgNo: "mine-2",
      now: 5,
    });
    await enqueueOutgoing(db, rows);
    const result = await storeIncomingBatch(
      db,
      [recv(3, { clientMsgNo: "mine-2" })],
      receiveContext(),
    );
    expect(result).toMatchObject({ settledOutgoing: [], duplicates: 1 });
    expect(await db.messages.get("mine-2")).toMatchObject({
      status: "wait",
      content: { content: "hi" },
    });
    expect(await db.outbox.count()).toBe(1);
  });

  it("rejects malformed messages and writes nothing of them", async () => {
    const db = await open();
    const result = await storeIncomingBatch(
      db,
      [
        recv(1, { messageId: "12abc" }),
        recv(2, { clientMsgNo: "" }),
        recv(3, { messageSeq: -1 }),
        recv(4, { channelId: "" }),
      ],
      receiveContext(),
    );
    expect(result).toMatchObject({ rejected: 4, stored: [] });
    expect(await db.messages.count()).toBe(0);
    expect(await db.conversations.count()).toBe(0);
  });

  it("never brings back history deleted with its conversation", async () => {
    const db = await open();
    await storeIncomingBatch(db, [recv(1), recv(2), recv(3)], receiveContext());
    await deleteConversation(db, { channelId: "peer", channelType: 1 });
    const replay = await storeIncomingBatch(
      db,
      [recv(2), recv(3), recv(4)],
      receiveContext(),
    );
    expect(replay.duplicates).toBe(2);
    expect((await db.messages.toArray()).map((m) => m.messageSeq)).toEqual([4]);
    expect(await db.conversations.get(["peer", 1])).toMatchObject({
      lastMessageSeq: 4,
      unread: 1,
    });
  });

  it("[RECV-2] persists a 200-message batch across channels in ONE IndexedDB transaction", async () => {
    const db = await open();
    const batch = Array.from({ length: 200 }, (_, i) =>
      recv(i + 1, {
        channelId: `peer-${i % 4}`,
        messageSeq: Math.floor(i / 4) + 1,
      }),
    );
    const started = performance.now();
    const { result, transactions } = await countIdbTransactions(() =>
      storeIncomingBatch(db, batch, receiveContext()),
    );
    const elapsed = performance.now() - started;
    expect(transactions).toBe(1);
    expect(result.stored).toHaveLength(200);
    expect(await db.messages.count()).toBe(200);
    const conversations = await db.conversations.toArray();
    expect(
      conversations.map((c) => [c.channelId, c.lastMessageSeq, c.unread]),
    ).toEqual([
      ["peer-0", 50, 50],
      ["peer-1", 50, 50],
      ["peer-2", 50, 50],
      ["peer-3", 50, 50],
    ]);
    // Loose bound on a shared machine: bulk operations keep this far below one write per message.
    expect(elapsed).toBeLessThan(2_000);
    const control = await countIdbTransactions(async () => {
      for (const m of batch.slice(0, 3))
        await db.messages.put({ ...m, status: "normal" });
    });
    expect(control.transactions).toBe(3);
    const again = await countIdbTransactions(() =>
      storeIncomingBatch(db, batch, receiveContext()),
    );
    expect(again.transactions).toBe(1);
    expect(again.result.duplicates).toBe(200);
  });
});

describe("storeIncomingBatch with resent copies (issue #18)", () => {
  const channel = { channelId: "peer", channelType: 1 };
  /** `recv(seq)`'s message stored again by the server under `copySeq`. */
  const copy = (seq: number, copySeq: number) =>
    recv(copySeq, { clientMsgNo: `peer-msg-${seq}` });
  /** The conversation's [lastMessageSeq, unread]. */
  const counts = async (db: AppDb) => {
    const c = await db.conversations.get(["peer", 1]);
    return [c?.lastMessageSeq, c?.unread];
  };
  const shown = async (db: AppDb) =>
    (await db.messages.toArray())
      .filter((m) => !m.isDeleted)
      .map((m) => [m.clientMsgNo, m.messageSeq]);

  it("a copy by RECV is shown once, is not unread, and leaves no hole to fetch", async () => {
    const db = await open();
    await storeIncomingBatch(db, [recv(1)], receiveContext());
    const second = await storeIncomingBatch(db, [copy(1, 2)], receiveContext());
    expect(second).toMatchObject({ stored: [], duplicates: 1, markers: 1 });
    const third = await storeIncomingBatch(db, [recv(3)], receiveContext());
    expect(third.gaps).toEqual([]);
    expect(await shown(db)).toEqual([
      ["peer-msg-1", 1],
      ["peer-msg-3", 3],
    ]);
    expect(await counts(db)).toEqual([3, 2]);
    expect((await db.conversations.get(["peer", 1]))?.lastClientMsgNo).toBe(
      "peer-msg-3",
    );
    expect(await recentHoleSpan(db, channel, 500)).toBeNull();
    expect(
      (await planLoadOlder(db, { channel, beforeSeq: 4, limit: 20 })).missing,
    ).toEqual([]);
    // The server delivers the copy again (no RECVACK reached it): nothing changes.
    const again = await storeIncomingBatch(db, [copy(1, 2)], receiveContext());
    expect(again).toMatchObject({ stored: [], duplicates: 1, markers: 0 });
    expect(await db.messages.count()).toBe(3);
  });

  it("a copy and its original from one messageSync page: one message, the lower seq", async () => {
    const db = await open();
    await storeIncomingBatch(db, [recv(1)], receiveContext());
    const page = await storeIncomingBatch(
      db,
      [recv(2), copy(2, 3), recv(4)],
      receiveContext(),
    );
    expect(page.gaps).toEqual([]);
    expect(await shown(db)).toEqual([
      ["peer-msg-1", 1],
      ["peer-msg-2", 2],
      ["peer-msg-4", 4],
    ]);
    expect(await counts(db)).toEqual([4, 3]);
  });

  it("the original arriving after its copy takes the row back to the lower seq", async () => {
    const db = await open();
    await storeIncomingBatch(db, [recv(1)], receiveContext());
    const first = await storeIncomingBatch(db, [copy(2, 3)], receiveContext());
    expect(first.gaps).toEqual([{ ...channel, fromSeq: 2, toSeq: 2 }]);
    const filled = await storeIncomingBatch(db, [recv(2)], receiveContext());
    expect(filled.stored).toMatchObject([
      { clientMsgNo: "peer-msg-2", messageId: "1000002", messageSeq: 2 },
    ]);
    expect(await shown(db)).toEqual([
      ["peer-msg-1", 1],
      ["peer-msg-2", 2],
    ]);
    expect(await counts(db)).toEqual([3, 2]);
    expect(await recentHoleSpan(db, channel, 500)).toBeNull();
  });
});
