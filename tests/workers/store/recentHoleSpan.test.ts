// Issue #9 (chaos gate): which stored history has holes below its newest seq — the span the
// conversation sync fetches again on every connect. Older history below the oldest stored seq is
// not a hole (it loads on scroll).
import { afterEach, describe, expect, it } from "vitest";
import type { AppDb } from "../../../src/db/AppDb";
import { recentHoleSpan } from "../../../workers/store/historyRepo";
import { storeIncomingBatch } from "../../../workers/store/incomingRepo";
import { freshDb, receiveContext, recv } from "../../support/workers/imFixtures";

let disposeDb: (() => Promise<void>) | undefined;
afterEach(async () => {
  await disposeDb?.();
  disposeDb = undefined;
});

async function withSeqs(seqs: readonly number[]): Promise<AppDb> {
  const { db, dispose } = await freshDb();
  disposeDb = dispose;
  await storeIncomingBatch(
    db,
    seqs.map((s) => recv(s)),
    receiveContext(),
  );
  return db;
}

const channel = { channelId: "peer", channelType: 1 };

describe("recentHoleSpan", () => {
  it("is null for contiguous history, however old its start", async () => {
    expect(
      await recentHoleSpan(await withSeqs([7, 8, 9, 10]), channel, 500),
    ).toBeNull();
  });

  it("spans from the first hole to the last one", async () => {
    const db = await withSeqs([3, 4, 6, 7, 9, 12]);
    expect(await recentHoleSpan(db, channel, 500)).toEqual({
      fromSeq: 5,
      toSeq: 11,
    });
  });

  it("only looks at the newest `window` seqs", async () => {
    const db = await withSeqs([1, 3, 20, 21, 23, 24]);
    expect(await recentHoleSpan(db, channel, 5)).toEqual({
      fromSeq: 22,
      toSeq: 22,
    });
    expect(await recentHoleSpan(db, channel, 30)).toEqual({
      fromSeq: 2,
      toSeq: 22,
    });
  });

  it("is null for an empty channel", async () => {
    expect(await recentHoleSpan(await withSeqs([]), channel, 500)).toBeNull();
  });
});
