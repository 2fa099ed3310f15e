// Sequence gaps: which messageSeq ranges of a channel are missing locally and must be fetched with
// messageSync — after a RECV that skips ahead, or when scrolling back through history.

/** An inclusive range of messageSeqs. */
export interface SeqRange {
  readonly fromSeq: number;
  readonly toSeq: number;
}

/**
 * Ranges skipped by `incomingSeqs`, given the highest seq known before them (`knownLastSeq`, 0 when the
 * channel has no local history — then nothing before the first incoming seq is requested; older history
 * loads on scroll). Seq 0 (not persisted) and seqs at or below what is known make no gap.
 */
export function detectGaps(
  knownLastSeq: number,
  incomingSeqs: readonly number[],
): SeqRange[] {
  const seqs = [
    ...new Set(incomingSeqs.filter((s) => Number.isInteger(s) && s > 0)),
  ].sort((a, b) => a - b);
  const gaps: SeqRange[] = [];
  let last = Math.max(0, knownLastSeq);
  for (const seq of seqs) {
    if (last > 0 && seq > last + 1)
      gaps.push({ fromSeq: last + 1, toSeq: seq - 1 });
    last = Math.max(last, seq);
  }
  return gaps;
}

/** Seqs in [fromSeq, toSeq] absent from `present`, as ranges. */
export function missingRanges(
  range: SeqRange,
  present: Iterable<number>,
): SeqRange[] {
  const have = new Set(present);
  const missing: SeqRange[] = [];
  let start: number | null = null;
  for (let seq = range.fromSeq; seq <= range.toSeq; seq += 1) {
    if (!have.has(seq)) start ??= seq;
    else if (start !== null) {
      missing.push({ fromSeq: start, toSeq: seq - 1 });
      start = null;
    }
  }
  if (start !== null) missing.push({ fromSeq: start, toSeq: range.toSeq });
  return missing;
}

/** The page `loadOlder` wants, and which part of it to ask the server for. */
export interface OlderPagePlan {
  /** The seqs the page covers, or null when nothing older exists. */
  readonly window: SeqRange | null;
  /** Ranges of `window` not stored locally. */
  readonly missing: readonly SeqRange[];
}

/**
 * Plans a `loadOlder` page: the `limit` seqs just below `beforeSeq`, but never at or below
 * `clearedToSeq` (history deleted with the conversation).
 */
export function planOlderPage(
  beforeSeq: number,
  limit: number,
  localSeqs: Iterable<number>,
  clearedToSeq: number,
): OlderPagePlan {
  const toSeq = beforeSeq - 1;
  const fromSeq = Math.max(
    clearedToSeq + 1,
    1,
    beforeSeq - Math.max(1, Math.floor(limit)),
  );
  if (toSeq < fromSeq) return { window: null, missing: [] };
  const window = { fromSeq, toSeq };
  return { window, missing: missingRanges(window, localSeqs) };
}
