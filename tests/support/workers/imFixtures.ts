// Fixtures for IndexedDB tests (fake-indexeddb): a fresh per-user database per test, and builders
// for received messages.
import { deleteImDb, openImDb } from "../../../src/db/db";
import type { AppDb } from "../../../src/db/AppDb";
import type { IncomingMessage } from "../../../workers/store/incomingRepo";
import {
  DEFAULT_NO_UPDATE_CONTENT_TYPES,
  type ReceiveContext,
} from "../../../workers/inbox/receiveRules";

let counter = 0;

/** Opens a database for a new, unique IM uid; `dispose` deletes it. */
export async function freshDb(): Promise<{
  db: AppDb;
  uid: string;
  dispose: () => Promise<void>;
}> {
  counter += 1;
  const uid = `user-${counter}-${Math.random().toString(36).slice(2)}`;
  installTransactionCounter();
  const db = openImDb(uid);
  await db.open();
  return { db, uid, dispose: () => deleteImDb(uid) };
}

/** A received text message in channel `peer` (type 1) from `peer`, seq `seq`. */
export function recv(
  seq: number,
  extra: Partial<IncomingMessage> = {},
): IncomingMessage {
  return {
    clientMsgNo: `peer-msg-${seq}`,
    messageId: String(1_000_000 + seq),
    messageSeq: seq,
    channelId: "peer",
    channelType: 1,
    fromUid: "peer",
    timestamp: 1_700_000_000_000 + seq * 1_000,
    contentType: 1,
    content: { type: 1, content: `message ${seq}` },
    redDot: true,
    receipt: false,
    readed: false,
    isDeleted: false,
    ...extra,
  };
}

/** The receive context of user `me` with nothing visible. */
export function receiveContext(
  over: Partial<ReceiveContext> = {},
): ReceiveContext {
  return {
    selfUid: "me",
    visibleChannels: new Set(),
    noUpdateContentTypes: DEFAULT_NO_UPDATE_CONTENT_TYPES,
    ...over,
  };
}

const idbCounter = { installed: false, active: false, count: 0 };

/**
 * Wraps `IDBDatabase.prototype.transaction` once. NOTE: Dexie binds `idbdb.transaction` when it opens
 * a database, so the wrapper must be in place before `open()` (freshDb calls this first).
 */
function installTransactionCounter(): void {
  if (idbCounter.installed) return;
  const proto = IDBDatabase.prototype as unknown as {
    transaction: (...args: unknown[]) => IDBTransaction;
  };
  const original = proto.transaction;
  proto.transaction = function (this: IDBDatabase, ...args: unknown[]) {
    if (idbCounter.active) idbCounter.count += 1;
    return original.apply(this, args);
  };
  idbCounter.installed = true;
}

/** Counts IndexedDB transactions opened while `fn` runs, by databases opened through {@link freshDb}. */
export async function countIdbTransactions<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; transactions: number }> {
  idbCounter.active = true;
  idbCounter.count = 0;
  try {
    const result = await fn();
    return { result, transactions: idbCounter.count };
  } finally {
    idbCounter.active = false;
  }
}
