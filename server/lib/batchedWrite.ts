// Coalesces concurrent writes into few: while one write runs, the items submitted meanwhile wait
// and go together in the next (at most `maxBatch` each), and each caller's promise settles when
// the write that carried its item has. A lone item is written at once, as before. The same
// queueing as batchedLookup (#20: WuKongIM's msg.offline webhook arrives once per message).

import { batchedLookup } from "./batchedLookup";

/** Writes one item in a batch with the items submitted around it. */
export function batchedWrite<T>(
  write: (items: readonly T[]) => Promise<void>,
  maxBatch = 500,
): (item: T) => Promise<void> {
  const submit = batchedLookup<T, never>(async (items) => {
    await write(items);
    return new Map<T, never>();
  }, maxBatch);
  return async (item) => {
    await submit(item);
  };
}
