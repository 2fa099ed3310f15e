// Read receipts as a pure coalescer: messages that asked for receipts, displayed in a visible tab and not
// yet `readed`, are queued (persisted by the service), grouped per channel and flushed every 2 s.

/** Receipt flush period (the SDK's `receiptFlushInterval`, spec §9). */
export const RECEIPT_FLUSH_INTERVAL_MS = 2_000;
/** Most message ids sent for one channel in one flush; the rest go at the next tick. */
export const RECEIPT_BATCH_LIMIT = 100;

/** A queued receipt (the `receiptQueue` row, minus bookkeeping). */
export interface ReceiptEntry {
  readonly messageId: string;
  readonly messageSeq: number;
  readonly clientMsgNo: string;
  readonly channelKey: string;
}

/** A message shown to the user that may need a receipt. */
export interface DisplayedMessage {
  readonly messageId?: string;
  readonly messageSeq?: number;
  readonly clientMsgNo: string;
  readonly channelKey: string;
  readonly fromUid: string;
  /** Setting bit 0x80: the sender asked for receipts. */
  readonly receipt: boolean;
  /** A receipt already went out (or the server says it is read). */
  readonly readed: boolean;
}

/** Coalescer state: queued entries per channel (in arrival order) and the batches being flushed. */
export interface ReceiptState {
  readonly queued: ReadonlyMap<string, readonly ReceiptEntry[]>;
  readonly inFlight: ReadonlyMap<string, readonly ReceiptEntry[]>;
  readonly timerArmed: boolean;
}

/** Inputs. */
export type ReceiptEvent =
  /** Messages now displayed in a tab; only a visible tab's count. */
  | {
      readonly type: "displayed";
      readonly messages: readonly DisplayedMessage[];
      readonly selfUid: string;
      readonly visible: boolean;
    }
  /** Entries persisted by an earlier worker (the `receiptQueue` table) at start. */
  | { readonly type: "restore"; readonly entries: readonly ReceiptEntry[] }
  | { readonly type: "timerFired" }
  /** The service's flush call for one channel ended. */
  | {
      readonly type: "flushDone";
      readonly channelKey: string;
      readonly ok: boolean;
    };

/** Outputs. */
export type ReceiptEffect =
  /** Write these to the `receiptQueue` table (`queueReceipts`), so a reload does not lose them. */
  | { readonly type: "persist"; readonly entries: readonly ReceiptEntry[] }
  /** Send one channel's receipts (HTTP); on success `completeReceipts` marks them `readed`. */
  | {
      readonly type: "flush";
      readonly channelKey: string;
      readonly entries: readonly ReceiptEntry[];
    }
  | {
      readonly type: "startTimer";
      readonly timer: "receiptFlush";
      readonly delayMs: number;
    };

/** What {@link receiptTransition} returns. */
export interface ReceiptTransition {
  readonly state: ReceiptState;
  readonly effects: readonly ReceiptEffect[];
}

/** Nothing queued. */
export function initialReceiptState(): ReceiptState {
  return { queued: new Map(), inFlight: new Map(), timerArmed: false };
}

function known(state: ReceiptState): Set<string> {
  const ids = new Set<string>();
  for (const map of [state.queued, state.inFlight]) {
    for (const entries of map.values())
      for (const e of entries) ids.add(e.messageId);
  }
  return ids;
}

function withQueued(
  state: ReceiptState,
  entries: readonly ReceiptEntry[],
): ReceiptState {
  const queued = new Map(state.queued);
  for (const entry of entries)
    queued.set(entry.channelKey, [
      ...(queued.get(entry.channelKey) ?? []),
      entry,
    ]);
  return { ...state, queued };
}

function arm(state: ReceiptState, effects: ReceiptEffect[]): ReceiptTransition {
  if (state.timerArmed || state.queued.size === 0) return { state, effects };
  return {
    state: { ...state, timerArmed: true },
    effects: [
      ...effects,
      {
        type: "startTimer",
        timer: "receiptFlush",
        delayMs: RECEIPT_FLUSH_INTERVAL_MS,
      },
    ],
  };
}

function add(
  state: ReceiptState,
  entries: readonly ReceiptEntry[],
  persist: boolean,
): ReceiptTransition {
  const seen = known(state);
  const fresh: ReceiptEntry[] = [];
  for (const entry of entries) {
    if (seen.has(entry.messageId)) continue;
    seen.add(entry.messageId);
    fresh.push(entry);
  }
  if (fresh.length === 0) return { state, effects: [] };
  return arm(
    withQueued(state, fresh),
    persist ? [{ type: "persist", entries: fresh }] : [],
  );
}

/** The receipts a display calls for: receipt asked, not readed, from someone else, stored by the server. */
export function receiptsFor(
  messages: readonly DisplayedMessage[],
  selfUid: string,
): ReceiptEntry[] {
  const entries: ReceiptEntry[] = [];
  for (const m of messages) {
    if (!m.receipt || m.readed || m.fromUid === selfUid) continue;
    if (m.messageId === undefined || m.messageSeq === undefined) continue;
    entries.push({
      messageId: m.messageId,
      messageSeq: m.messageSeq,
      clientMsgNo: m.clientMsgNo,
      channelKey: m.channelKey,
    });
  }
  return entries;
}

function flushAll(state: ReceiptState): ReceiptTransition {
  const queued = new Map(state.queued);
  const inFlight = new Map(state.inFlight);
  const effects: ReceiptEffect[] = [];
  for (const [channelKey, entries] of state.queued) {
    // NOTE: one request per channel at a time; newer entries wait for the next tick.
    if (inFlight.has(channelKey)) continue;
    const batch = entries.slice(0, RECEIPT_BATCH_LIMIT);
    const rest = entries.slice(RECEIPT_BATCH_LIMIT);
    inFlight.set(channelKey, batch);
    if (rest.length === 0) queued.delete(channelKey);
    else queued.set(channelKey, rest);
    effects.push({ type: "flush", channelKey, entries: batch });
  }
  return arm({ queued, inFlight, timerArmed: false }, effects);
}

/** The pure transition of the receipt coalescer. */
export function receiptTransition(
  state: ReceiptState,
  event: ReceiptEvent,
): ReceiptTransition {
  switch (event.type) {
    case "displayed":
      if (!event.visible) return { state, effects: [] };
      return add(state, receiptsFor(event.messages, event.selfUid), true);
    case "restore":
      return add(state, event.entries, false);
    case "timerFired":
      return flushAll(state);
    case "flushDone": {
      const batch = state.inFlight.get(event.channelKey);
      if (batch === undefined) return { state, effects: [] };
      const inFlight = new Map(state.inFlight);
      inFlight.delete(event.channelKey);
      if (event.ok) return arm({ ...state, inFlight }, []);
      // NOTE: a failed batch goes back in front of newer entries and is tried again at the next tick.
      const queued = new Map(state.queued);
      queued.set(event.channelKey, [
        ...batch,
        ...(state.queued.get(event.channelKey) ?? []),
      ]);
      return arm({ ...state, queued, inFlight }, []);
    }
  }
}
