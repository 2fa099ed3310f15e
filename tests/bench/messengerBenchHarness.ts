// Runs inside the benchmarked page (bundled by messenger.bench.ts): the worker's own store
// (workers/store/incomingRepo.storeIncomingBatch, what a RECV batch goes through) writing to the
// app's IM database in Chromium's IndexedDB. Exposed as `globalThis.fyBench`.
import { openImDb } from "../../src/db/db";
import {
  storeIncomingBatch,
  type IncomingMessage,
} from "../../workers/store/incomingRepo";

const BASE_ID = 7_000_000_000_000n;

function incoming(
  peer: string,
  seq: number,
  serial: number,
  timestamp: number,
): IncomingMessage {
  return {
    clientMsgNo: `bench-${peer}-${String(seq)}`,
    messageId: String(BASE_ID + BigInt(serial)),
    messageSeq: seq,
    channelId: peer,
    channelType: 1,
    fromUid: peer,
    timestamp,
    contentType: 1,
    content: {
      type: 1,
      content: `第 ${String(seq)} 条：愿您平安喜乐，福慧增长。Message ${String(seq)} of the benchmark.`,
    },
    redDot: true,
    receipt: false,
    readed: false,
    isDeleted: false,
  };
}

function context(selfUid: string) {
  return {
    selfUid,
    visibleChannels: new Set<string>(),
    noUpdateContentTypes: new Set<number>(),
  };
}

let serial = 0;

/** Stores `count` messages from `peer` (seqs 1…count, one a minute back from now) in batches of `batch`. */
async function seed(
  imUid: string,
  peer: string,
  count: number,
  batch = 500,
): Promise<void> {
  const db = openImDb(imUid);
  const start = Date.now() - count * 60_000;
  for (let from = 1; from <= count; from += batch) {
    const rows: IncomingMessage[] = [];
    for (let seq = from; seq < from + batch && seq <= count; seq++)
      rows.push(incoming(peer, seq, ++serial, start + seq * 60_000));
    await storeIncomingBatch(db, rows, context(imUid));
  }
}

/**
 * Persists `batches` RECV batches of `size` messages (each batch a new peer, like a catch-up burst)
 * and returns how long each storeIncomingBatch call took, in ms.
 */
async function persistBatches(
  imUid: string,
  batches: number,
  size: number,
): Promise<number[]> {
  const db = openImDb(imUid);
  const durations: number[] = [];
  for (let b = 0; b < batches; b++) {
    const peer = `bench_peer_${String(b)}`;
    const rows = Array.from({ length: size }, (_, i) =>
      incoming(peer, i + 1, ++serial, Date.now() - (size - i) * 1000),
    );
    const t0 = performance.now();
    const result = await storeIncomingBatch(db, rows, context(imUid));
    durations.push(performance.now() - t0);
    if (result.stored.length !== size)
      throw new Error(
        `stored ${String(result.stored.length)} of ${String(size)}`,
      );
  }
  return durations;
}

Object.assign(globalThis, { fyBench: { seed, persistBatches } });
