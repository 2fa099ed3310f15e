// The Dexie schema on fake-indexeddb: it opens with every table and index, one database per IM user,
// deleted at logout even while another tab holds it open, and a device id that never changes.
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppDb } from "../../../src/db/AppDb";
import { DeviceDb } from "../../../src/db/DeviceDb";
import {
  closeImDb,
  deleteImDb,
  getDeviceId,
  imDbName,
  openImDb,
} from "../../../src/db/db";
import { MessageStatus } from "../../../src/db/entities/MessageRecord";
import { freshDb, recv } from "../../support/workers/imFixtures";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const row = (seq: number) => ({ ...recv(seq), status: MessageStatus.NORMAL });

describe("AppDb schema", () => {
  it("opens with every table, primary key and index the worker relies on", async () => {
    const { db, dispose } = await freshDb();
    cleanups.push(dispose);
    const idb = db.backendDB();
    expect([...idb.objectStoreNames].sort()).toEqual(
      [
        "channelInfo",
        "conversations",
        "messages",
        "outbox",
        "receiptQueue",
        "reminders",
        "syncCursors",
        "uploads",
      ].sort(),
    );
    const tx = idb.transaction(
      ["messages", "conversations", "outbox"],
      "readonly",
    );
    const messages = tx.objectStore("messages");
    expect(messages.keyPath).toBe("clientMsgNo");
    expect(messages.index("messageId").unique).toBe(true);
    expect(
      messages.index("[channelId+channelType+messageSeq]").keyPath,
    ).toEqual(["channelId", "channelType", "messageSeq"]);
    expect(messages.index("[channelId+channelType+status]").keyPath).toEqual([
      "channelId",
      "channelType",
      "status",
    ]);
    const conversations = tx.objectStore("conversations");
    expect(conversations.keyPath).toEqual(["channelId", "channelType"]);
    expect(conversations.indexNames.contains("timestamp")).toBe(true);
    const outbox = tx.objectStore("outbox");
    expect(outbox.autoIncrement).toBe(true);
    expect(outbox.index("clientMsgNo").unique).toBe(true);
  });

  it("refuses a second row with the same messageId, but stores many rows without one", async () => {
    const { db, dispose } = await freshDb();
    cleanups.push(dispose);
    await db.messages.add(row(1));
    await expect(
      db.messages.add({ ...row(1), clientMsgNo: "other" }),
    ).rejects.toMatchObject({ name: "ConstraintError" });
    const { messageId: _a, messageSeq: _b, ...pending } = row(2);
    await db.messages.bulkAdd([
      { ...pending, clientMsgNo: "p1", status: MessageStatus.WAIT },
      { ...pending, clientMsgNo: "p2", status: MessageStatus.WAIT },
    ]);
    expect(await db.messages.count()).toBe(3);
  });

  it("stores an image Blob in the outbox and gives it back", async () => {
    const { db, dispose } = await freshDb();
    cleanups.push(dispose);
    const blob = new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" });
    const seq = await db.outbox.add({
      clientMsgNo: "img",
      channelId: "peer",
      channelType: 1,
      contentType: 2,
      content: { type: 2, width: 1, height: 1 },
      redDot: true,
      receipt: false,
      state: "pending",
      media: { blob, mime: "image/png", width: 1, height: 1 },
      createdAt: 1,
    });
    const back = await db.outbox.get(seq);
    expect(back?.media?.blob).toBeInstanceOf(Blob);
    expect([...new Uint8Array(await back!.media!.blob.arrayBuffer())]).toEqual([
      1, 2, 3,
    ]);
  });
});

describe("per-user databases", () => {
  it("names the database after the IM uid, safely encoded", () => {
    expect(imDbName("alice")).toBe("fuyuan-im-alice");
    expect(imDbName("a/b c")).toBe("fuyuan-im-a%2Fb%20c");
    expect(() => imDbName("")).toThrow();
  });

  it("keeps users apart and deletes only the one who logs out", async () => {
    const alice = openImDb("alice-del");
    const bob = openImDb("bob-del");
    cleanups.push(() => deleteImDb("bob-del"));
    expect(openImDb("alice-del")).toBe(alice);
    await alice.messages.add(row(1));
    await bob.messages.add(row(2));
    await deleteImDb("alice-del");
    const names = (await indexedDB.databases()).map((d) => d.name);
    expect(names).not.toContain(imDbName("alice-del"));
    expect(names).toContain(imDbName("bob-del"));
    expect(await bob.messages.count()).toBe(1);
    const again = openImDb("alice-del");
    cleanups.push(() => deleteImDb("alice-del"));
    expect(await again.messages.count()).toBe(0);
  });

  it("deletes the database even while another tab keeps a connection open", async () => {
    const otherTab = new AppDb(imDbName("carol-del"));
    await otherTab.messages.add(row(1));
    expect(otherTab.isOpen()).toBe(true);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await deleteImDb("carol-del");
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining("Closing db now to resume the delete request"),
    );
    warn.mockRestore();
    expect(otherTab.isOpen()).toBe(false);
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(
      imDbName("carol-del"),
    );
  });

  it("closeImDb forgets the cached instance", () => {
    const first = openImDb("dave-close");
    closeImDb("dave-close");
    const second = openImDb("dave-close");
    cleanups.push(() => deleteImDb("dave-close"));
    expect(second).not.toBe(first);
  });
});

describe("device id", () => {
  it("is 32 hex + W, created once, the same after reopening and after a user's logout", async () => {
    const name = `device-${Math.random()}`;
    const first = new DeviceDb(name);
    const id = await getDeviceId(first);
    expect(id).toMatch(/^[0-9a-f]{32}W$/);
    expect(await getDeviceId(first)).toBe(id);
    first.close();
    const { uid } = await freshDb();
    await deleteImDb(uid);
    const reopened = new DeviceDb(name);
    expect(await getDeviceId(reopened)).toBe(id);
    reopened.close();
    await DeviceDb.delete(name);
  });

  it("gives two contexts starting together the same id", async () => {
    const name = `device-${Math.random()}`;
    const a = new DeviceDb(name);
    const b = new DeviceDb(name);
    let made = 0;
    const make = () => {
      made += 1;
      return String(made).repeat(32).slice(0, 32);
    };
    const [x, y] = await Promise.all([
      getDeviceId(a, make),
      getDeviceId(b, make),
    ]);
    expect(x).toBe(y);
    expect(made).toBe(1);
    a.close();
    b.close();
    await DeviceDb.delete(name);
  });

  it("refuses a malformed random source instead of storing a bad id", async () => {
    const name = `device-${Math.random()}`;
    const db = new DeviceDb(name);
    await expect(getDeviceId(db, () => "XYZ")).rejects.toThrow(
      /32 lowercase hex/,
    );
    expect(await db.device.count()).toBe(0);
    db.close();
    await DeviceDb.delete(name);
  });
});
