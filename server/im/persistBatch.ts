// One group-commit write: a whole batch's seq allocation, messages and conversations in a single
// prepared statement (atomic without an explicit transaction, one round trip; batchStatements.ts).
// Optimistic about duplicates: if a (sender, clientMsgNo) is already stored the statement fails as
// a whole and is redone with the stored rows looked up first.
import {
  type MessageToStore,
  type StoredMessage,
  classifyBatch,
  dedupKey,
  planSeqs,
} from "./batchPlan";
import type { BatchStatements } from "./batchStatements";

const DEDUP_CONSTRAINT = "im_messages_sender_client_msg_no";
/** Redos after a duplicate raced in (only another writer process can cause more than one). */
const MAX_ATTEMPTS = 3;

/** int8 values arrive as number, bigint (PGlite) or string (pg). */
export function toBigInt(value: unknown): bigint {
  if (typeof value === "bigint") return value;
  if (typeof value === "number" || typeof value === "string")
    return BigInt(value);
  throw new Error(`not an int8: ${String(value)}`);
}

function isStoredDuplicate(error: unknown): boolean {
  for (
    let e: unknown = error;
    typeof e === "object" && e !== null;
    e = (e as { cause?: unknown }).cause
  ) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505")
      return constraint === DEDUP_CONSTRAINT || constraint === undefined;
  }
  return false;
}

/**
 * Stores a batch and returns, per item, its messageID/messageSeq (the original ones for a
 * duplicate). All or nothing: an acknowledged message is committed.
 */
export async function persistBatch(
  client: BatchStatements,
  items: readonly MessageToStore[],
): Promise<StoredMessage[]> {
  let existing = new Map<string, StoredMessage>();
  for (let attempt = 1; ; attempt++) {
    try {
      return await writeBatch(client, items, existing);
    } catch (error) {
      if (!isStoredDuplicate(error) || attempt >= MAX_ATTEMPTS) throw error;
      existing = await storedDuplicates(client, items);
    }
  }
}

async function writeBatch(
  client: BatchStatements,
  items: readonly MessageToStore[],
  existing: ReadonlyMap<string, StoredMessage>,
): Promise<StoredMessage[]> {
  const dispositions = classifyBatch(items, existing);
  const fresh = items.filter((_, i) => dispositions[i]?.kind === "new");
  const seqs = fresh.length > 0 ? await insertFresh(client, fresh) : [];
  const results: StoredMessage[] = [];
  let next = 0;
  dispositions.forEach((d, i) => {
    if (d.kind === "stored") results.push(d.stored);
    else if (d.kind === "sameAs") {
      const original = results[d.index];
      if (original === undefined) throw new Error("duplicate before original");
      results.push({ ...original, duplicate: true });
    } else {
      const item = items[i] as MessageToStore;
      const seq = seqs[next++];
      if (seq === undefined) throw new Error("a stored message got no seq");
      results.push({
        messageId: item.id,
        messageSeq: seq,
        timestamp: item.timestamp,
        duplicate: false,
      });
    }
  });
  return results;
}

async function storedDuplicates(
  client: BatchStatements,
  items: readonly MessageToStore[],
): Promise<Map<string, StoredMessage>> {
  const rows = await client.findStored(
    JSON.stringify(items.map((i) => ({ f: i.fromUid, c: i.clientMsgNo }))),
  );
  const found = new Map<string, StoredMessage>();
  for (const row of rows) {
    found.set(dedupKey(row.from_uid, row.client_msg_no), {
      messageId: BigInt(row.id),
      messageSeq: row.message_seq,
      timestamp: row.timestamp,
      duplicate: true,
    });
  }
  return found;
}

/** Inserts new messages (and their seqs and conversations); returns their seqs in order. */
async function insertFresh(
  client: BatchStatements,
  fresh: readonly MessageToStore[],
): Promise<number[]> {
  const { channels, offsets } = planSeqs(fresh);
  const channelRows = JSON.stringify(
    channels.map((c) => ({
      k: c.channelKey,
      t: c.channelType,
      n: c.count,
      lo: c.uidLo,
      hi: c.uidHi,
      cv: c.convOffset,
      cid: c.convMessageId?.toString() ?? null,
      ccmn: c.convClientMsgNo,
      cts: c.convTimestamp,
      los: c.loSentOffset,
      his: c.hiSentOffset,
    })),
  );
  const messageRows = JSON.stringify(
    fresh.map((m, o) => ({
      o,
      id: m.id.toString(),
      k: m.channelKey,
      t: m.channelType,
      f: m.fromUid,
      r: m.toUid,
      cmn: m.clientMsgNo,
      cs: m.clientSeq,
      st: m.setting,
      h: m.header,
      ty: m.contentType,
      ex: m.expire,
      tp: m.topic,
      ts: m.timestamp,
      pl: m.payload,
      off: offsets[o],
    })),
  );
  const rows = await client.insert(channelRows, messageRows);
  const seqs: number[] = new Array<number>(fresh.length);
  for (const row of rows) seqs[row.o] = row.seq;
  return seqs;
}
