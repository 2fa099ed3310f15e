// Reads behind loadOlder: which seqs below a point are stored locally, and which must be synced.
import type { AppDb } from "../../src/db/AppDb";
import { channelKey, type ChannelRef } from "../../src/db/channelKey";
import { clearedCursorName } from "../../src/db/entities/SyncCursorRecord";
import {
  missingRanges,
  planOlderPage,
  type OlderPagePlan,
  type SeqRange,
} from "../sync/syncGaps";

/** Plans a loadOlder page: the `limit` seqs below `beforeSeq`, and the ranges missing locally. */
export async function planLoadOlder(
  db: AppDb,
  args: {
    readonly channel: ChannelRef;
    readonly beforeSeq: number;
    readonly limit: number;
  },
): Promise<OlderPagePlan> {
  const { channelId, channelType } = args.channel;
  return db.transaction("r", [db.messages, db.syncCursors], async () => {
    const cleared =
      (await db.syncCursors.get(clearedCursorName(channelKey(args.channel))))
        ?.value ?? 0;
    const fromSeq = Math.max(
      1,
      args.beforeSeq - Math.max(1, Math.floor(args.limit)),
    );
    const keys = await db.messages
      .where("[channelId+channelType+messageSeq]")
      .between(
        [channelId, channelType, fromSeq],
        [channelId, channelType, args.beforeSeq],
        true,
        false,
      )
      .keys();
    const seqs = keys.map((key) => (Array.isArray(key) ? Number(key[2]) : NaN));
    return planOlderPage(args.beforeSeq, args.limit, seqs, cleared);
  });
}

/** The highest messageSeq stored locally for `channel` (0 when none). */
export async function lastStoredSeq(
  db: AppDb,
  channel: ChannelRef,
): Promise<number> {
  const { channelId, channelType } = channel;
  const key = await db.messages
    .where("[channelId+channelType+messageSeq]")
    .between([channelId, channelType, 1], [channelId, channelType, Infinity])
    .lastKey();
  return Array.isArray(key) ? Number(key[2]) : 0;
}

/** How many messages of `channel` with a seq in [fromSeq, toSeq] are stored. */
export async function countStored(
  db: AppDb,
  channel: ChannelRef,
  fromSeq: number,
  toSeq: number,
): Promise<number> {
  if (toSeq < fromSeq) return 0;
  const { channelId, channelType } = channel;
  return db.messages
    .where("[channelId+channelType+messageSeq]")
    .between(
      [channelId, channelType, fromSeq],
      [channelId, channelType, toSeq],
      true,
      true,
    )
    .count();
}

/**
 * The span of the newest `window` seqs that holes lie in: from the first seq missing above the
 * oldest one stored there, to the last missing below the newest. Null without holes. Seqs below the
 * oldest stored one are not holes: older history loads on scroll (loadOlder).
 */
export async function recentHoleSpan(
  db: AppDb,
  channel: ChannelRef,
  window: number,
): Promise<SeqRange | null> {
  const { channelId, channelType } = channel;
  const top = await lastStoredSeq(db, channel);
  if (top <= 1) return null;
  const keys = await db.messages
    .where("[channelId+channelType+messageSeq]")
    .between(
      [channelId, channelType, Math.max(1, top - window + 1)],
      [channelId, channelType, top],
      true,
      true,
    )
    .keys();
  const seqs = keys.map((key) => (Array.isArray(key) ? Number(key[2]) : NaN));
  const holes = missingRanges({ fromSeq: Math.min(...seqs), toSeq: top }, seqs);
  const first = holes[0];
  const last = holes.at(-1);
  return first === undefined || last === undefined
    ? null
    : { fromSeq: first.fromSeq, toSeq: last.toSeq };
}
