// The outbox as a pure scheduler: which pending messages go on the wire when, in which order, and what
// a SENDACK does to them. No socket, no timer, no IndexedDB: it returns effects for the service to run.
import type {
  MessageFailure,
  UploadRefusal,
} from "../../src/db/entities/MessageRecord";
import { UploadState } from "../../src/db/entities/UploadRecord";
import {
  MAX_SEND_ATTEMPTS,
  classifySendAck,
  sendRetryDelay,
} from "./sendAckRules";

/** Most SEND packets written per flush (the SDK's `sendCountOfEach`; they share one WebSocket message). */
export const SEND_BATCH_SIZE = 5;
/**
 * The rate cap's window (the SDK's `sendFrequency`): ≤ 5 packets in any 100 ms. A sliding window,
 * not a tick: a message goes out at once unless 5 packets were already written in the last 100 ms
 * (#20: a person sending every 70 ms no longer waits for the previous flush's 100 ms to pass).
 */
export const SEND_FLUSH_INTERVAL_MS = 100;
/**
 * A SEND still without its SENDACK this long after it was written goes out again on the same
 * connection (DUP, fresh clientSeq). NOTE: the SDK only re-sends after a reconnect, so a SENDACK lost
 * on a connection that stays up (heartbeats still answered) left the message pending for good; the
 * server answers a repeated clientMsgNo with the original ids (issue #9, found by the chaos gate).
 */
export const SEND_ACK_TIMEOUT_MS = 10_000;

/** Upload states that still hold a message (and later messages of its channel) back. */
const UPLOAD_PENDING: ReadonlySet<UploadState> = new Set([
  UploadState.WAIT,
  UploadState.PROCESSING,
  UploadState.SUSPEND,
]);

/**
 * One pending message. `queued`: waiting for its turn; `inFlight`: written on the current
 * connection under `clientSeq`, waiting for the SENDACK.
 */
export interface OutboxItem {
  readonly clientMsgNo: string;
  readonly channelKey: string;
  /** Upload state of its media; absent for messages without media. */
  readonly upload?: UploadState;
  readonly stage: "queued" | "inFlight";
  readonly clientSeq?: number;
  /** When an in-flight message was last written (ms): past {@link SEND_ACK_TIMEOUT_MS} it goes again. */
  readonly sentAt?: number;
  /** It has been written at least once (or may have been, after a reload): re-sends carry DUP. */
  readonly sentBefore: boolean;
  /** Transient refusals so far. */
  readonly refusals: number;
  /** Not to be sent before this time (ms), after a transient refusal. */
  readonly notBefore: number;
}

/** Scheduler state. `items` is the outbox order. */
export interface OutboxState {
  readonly items: readonly OutboxItem[];
  readonly connected: boolean;
  /** clientSeq of the next SEND; restarts at 1 on every connection (protocol §5.3). */
  readonly nextClientSeq: number;
  /** When the armed `flush` timer fires, or null when it is not armed. */
  readonly flushDueAt: number | null;
  /** When each SEND of the last {@link SEND_FLUSH_INTERVAL_MS} was written (ms), oldest first: the rate cap's window. */
  readonly recentSends: readonly number[];
}

/** One SEND to encode: the service builds it from the outbox row (payload, msgKey for this session). */
export interface SendPacket {
  readonly clientMsgNo: string;
  readonly clientSeq: number;
  /** Header DUP flag: this message went out before (on this or an earlier connection). */
  readonly dup: boolean;
}

/** Inputs. Every event that can arm the timer carries `now` (ms) so the scheduler stays pure. */
export type OutboxEvent =
  /** A message entered the outbox (or is restored from IndexedDB at start, then `sentBefore: true`). */
  | {
      readonly type: "enqueue";
      readonly clientMsgNo: string;
      readonly channelKey: string;
      readonly upload?: UploadState;
      readonly sentBefore?: boolean;
      readonly now: number;
    }
  | {
      readonly type: "uploadChanged";
      readonly clientMsgNo: string;
      readonly state: UploadState;
      /** With FAIL: the server's refusal, kept in the message's failure. */
      readonly refusal?: UploadRefusal;
      readonly now: number;
    }
  /** The connection reached Connected (the machine's `resendPending` effect). */
  | { readonly type: "connected"; readonly now: number }
  | { readonly type: "disconnected" }
  | { readonly type: "flushTimer"; readonly now: number }
  | {
      readonly type: "sendAck";
      readonly clientSeq: number;
      readonly reasonCode: number;
      readonly messageId: string;
      readonly messageSeq: number;
      readonly now: number;
    }
  /** Drop a message (its conversation was deleted, or it was stored from a sync meanwhile). */
  | {
      readonly type: "remove";
      readonly clientMsgNo: string;
      readonly now: number;
    };

/** Outputs, run in order. */
export type OutboxEffect =
  /** Encode these SENDs and write them in one WebSocket message. */
  | { readonly type: "send"; readonly packets: readonly SendPacket[] }
  /** SENDACK reason 1: `applySendAck` in the store. */
  | {
      readonly type: "acked";
      readonly clientMsgNo: string;
      readonly messageId: string;
      readonly messageSeq: number;
    }
  /** The message failed: `markFailed` in the store. */
  | {
      readonly type: "failed";
      readonly clientMsgNo: string;
      readonly failure: MessageFailure;
    }
  | {
      readonly type: "startTimer";
      readonly timer: "flush";
      readonly delayMs: number;
    }
  | { readonly type: "cancelTimer"; readonly timer: "flush" };

/** What {@link outboxTransition} returns. */
export interface OutboxTransition {
  readonly state: OutboxState;
  readonly effects: readonly OutboxEffect[];
}

/** An empty, disconnected outbox. */
export function initialOutboxState(): OutboxState {
  return {
    items: [],
    connected: false,
    nextClientSeq: 1,
    flushDueAt: null,
    recentSends: [],
  };
}

function uploadReady(item: OutboxItem): boolean {
  return item.upload === undefined || item.upload === UploadState.SUCCESS;
}

/** When an in-flight item's SENDACK is overdue (it is then written again), or null. */
function ackDueAt(item: OutboxItem): number | null {
  return item.stage === "inFlight" && item.sentAt !== undefined
    ? item.sentAt + SEND_ACK_TIMEOUT_MS
    : null;
}

/**
 * The items that may be sent at `now`, in outbox order, at most `limit`. Ordering rule: within a
 * channel nothing overtakes an earlier queued message — one waiting for its upload or for a retry
 * holds back the later messages of ITS channel only. Messages already in flight do not hold anything
 * back (the socket keeps their order); they are picked again once their SENDACK is overdue.
 */
function sendable(
  items: readonly OutboxItem[],
  now: number,
  limit: number,
): OutboxItem[] {
  const held = new Set<string>();
  const picked: OutboxItem[] = [];
  for (const item of items) {
    if (picked.length >= limit) break;
    if (item.stage === "inFlight") {
      const due = ackDueAt(item);
      if (due !== null && due <= now) picked.push(item);
      continue;
    }
    if (held.has(item.channelKey)) continue;
    if (uploadReady(item) && item.notBefore <= now) picked.push(item);
    else held.add(item.channelKey);
  }
  return picked;
}

/** Earliest time anything becomes sendable without a new event, or null (waits for an upload or nothing queued). */
function nextSendableAt(items: readonly OutboxItem[]): number | null {
  const held = new Set<string>();
  let earliest: number | null = null;
  for (const item of items) {
    const due = ackDueAt(item);
    if (due !== null)
      earliest = earliest === null ? due : Math.min(earliest, due);
    if (item.stage === "inFlight" || held.has(item.channelKey)) continue;
    held.add(item.channelKey);
    if (uploadReady(item))
      earliest =
        earliest === null ? item.notBefore : Math.min(earliest, item.notBefore);
  }
  return earliest;
}

/** Arms, moves or cancels the flush timer to match the state. */
function schedule(
  state: OutboxState,
  now: number,
  effects: OutboxEffect[],
): OutboxTransition {
  const at = state.connected ? nextSendableAt(state.items) : null;
  if (at === null) {
    if (state.flushDueAt === null) return { state, effects };
    return {
      state: { ...state, flushDueAt: null },
      effects: [...effects, { type: "cancelTimer", timer: "flush" }],
    };
  }
  // NOTE: a timer of 0 ms, not a write here: sends enqueued in the same turn share one flush.
  const due = Math.max(at, now, windowOpensAt(state.recentSends, now));
  // NOTE: an earlier armed flush stays; when it fires it sends what is ready and re-arms.
  if (state.flushDueAt !== null && state.flushDueAt <= due)
    return { state, effects };
  return {
    state: { ...state, flushDueAt: due },
    effects: [
      ...effects,
      { type: "startTimer", timer: "flush", delayMs: due - now },
    ],
  };
}

function requeueAll(items: readonly OutboxItem[]): OutboxItem[] {
  return items.map((item) => {
    if (item.stage !== "inFlight") return item;
    const { clientSeq: _dropped, sentAt: _at, ...rest } = item;
    return { ...rest, stage: "queued" };
  });
}

function without(
  items: readonly OutboxItem[],
  clientMsgNo: string,
): OutboxItem[] {
  return items.filter((item) => item.clientMsgNo !== clientMsgNo);
}

/** The sends of `recent` still inside the window at `now`. */
function inWindow(recent: readonly number[], now: number): readonly number[] {
  const from = recent.findIndex((at) => at > now - SEND_FLUSH_INTERVAL_MS);
  return from < 0 ? [] : from === 0 ? recent : recent.slice(from);
}

/** When the window next has room for a SEND: `now` unless it is full. */
function windowOpensAt(recent: readonly number[], now: number): number {
  const open = inWindow(recent, now);
  if (open.length < SEND_BATCH_SIZE) return now;
  return (open[open.length - SEND_BATCH_SIZE] ?? now) + SEND_FLUSH_INTERVAL_MS;
}

function flush(state: OutboxState, now: number): OutboxTransition {
  const recent = inWindow(state.recentSends, now);
  const ready = state.connected
    ? sendable(state.items, now, SEND_BATCH_SIZE - recent.length)
    : [];
  if (ready.length === 0)
    return schedule({ ...state, flushDueAt: null }, now, []);
  let clientSeq = state.nextClientSeq;
  const packets: SendPacket[] = [];
  const sentSeq = new Map<string, number>();
  for (const item of ready) {
    packets.push({
      clientMsgNo: item.clientMsgNo,
      clientSeq,
      dup: item.sentBefore,
    });
    sentSeq.set(item.clientMsgNo, clientSeq);
    clientSeq += 1;
  }
  const items = state.items.map((item): OutboxItem => {
    const seq = sentSeq.get(item.clientMsgNo);
    return seq === undefined
      ? item
      : {
          ...item,
          stage: "inFlight",
          clientSeq: seq,
          sentAt: now,
          sentBefore: true,
        };
  });
  return schedule(
    {
      ...state,
      items,
      nextClientSeq: clientSeq,
      flushDueAt: null,
      recentSends: [...recent, ...packets.map(() => now)],
    },
    now,
    [{ type: "send", packets }],
  );
}

function sendAck(
  state: OutboxState,
  event: Extract<OutboxEvent, { type: "sendAck" }>,
): OutboxTransition {
  const item = state.items.find(
    (i) => i.stage === "inFlight" && i.clientSeq === event.clientSeq,
  );
  if (item === undefined) return { state, effects: [] };
  const verdict = classifySendAck(event.reasonCode);
  if (verdict === "ok") {
    const { clientMsgNo } = item;
    return schedule(
      { ...state, items: without(state.items, clientMsgNo) },
      event.now,
      [
        {
          type: "acked",
          clientMsgNo,
          messageId: event.messageId,
          messageSeq: event.messageSeq,
        },
      ],
    );
  }
  const refusals = item.refusals + 1;
  if (verdict === "permanent" || refusals >= MAX_SEND_ATTEMPTS) {
    const code = verdict === "permanent" ? "SEND_REFUSED" : "RETRIES_EXHAUSTED";
    return schedule(
      { ...state, items: without(state.items, item.clientMsgNo) },
      event.now,
      [
        {
          type: "failed",
          clientMsgNo: item.clientMsgNo,
          failure: { code, reasonCode: event.reasonCode },
        },
      ],
    );
  }
  const items = state.items.map((i): OutboxItem => {
    if (i !== item) return i;
    const { clientSeq: _dropped, sentAt: _at, ...rest } = i;
    return {
      ...rest,
      stage: "queued",
      refusals,
      notBefore: event.now + sendRetryDelay(refusals),
    };
  });
  return schedule({ ...state, items }, event.now, []);
}

function uploadChanged(
  state: OutboxState,
  event: Extract<OutboxEvent, { type: "uploadChanged" }>,
): OutboxTransition {
  const item = state.items.find((i) => i.clientMsgNo === event.clientMsgNo);
  if (item?.upload === undefined) return { state, effects: [] };
  if (event.state === UploadState.FAIL || event.state === UploadState.CANCEL) {
    // NOTE: a failed or cancelled upload releases its channel; retryUpload re-enqueues it at the end.
    const code =
      event.state === UploadState.FAIL ? "UPLOAD_FAILED" : "UPLOAD_CANCELLED";
    return schedule(
      { ...state, items: without(state.items, item.clientMsgNo) },
      event.now,
      [
        {
          type: "failed",
          clientMsgNo: item.clientMsgNo,
          failure:
            event.refusal === undefined
              ? { code }
              : { code, refusal: event.refusal },
        },
      ],
    );
  }
  if (!UPLOAD_PENDING.has(event.state) && event.state !== UploadState.SUCCESS)
    return { state, effects: [] };
  const items = state.items.map((i) =>
    i === item ? { ...i, upload: event.state } : i,
  );
  return schedule({ ...state, items }, event.now, []);
}

/** The pure transition of the outbox. */
export function outboxTransition(
  state: OutboxState,
  event: OutboxEvent,
): OutboxTransition {
  switch (event.type) {
    case "enqueue": {
      if (state.items.some((i) => i.clientMsgNo === event.clientMsgNo))
        return { state, effects: [] };
      const item: OutboxItem = {
        clientMsgNo: event.clientMsgNo,
        channelKey: event.channelKey,
        ...(event.upload === undefined ? {} : { upload: event.upload }),
        stage: "queued",
        sentBefore: event.sentBefore ?? false,
        refusals: 0,
        notBefore: 0,
      };
      return schedule(
        { ...state, items: [...state.items, item] },
        event.now,
        [],
      );
    }
    case "uploadChanged":
      return uploadChanged(state, event);
    case "connected":
      return schedule(
        {
          ...state,
          connected: true,
          nextClientSeq: 1,
          items: requeueAll(state.items),
        },
        event.now,
        [],
      );
    case "disconnected": {
      const next = {
        ...state,
        connected: false,
        items: requeueAll(state.items),
        flushDueAt: null,
      };
      const effects: OutboxEffect[] =
        state.flushDueAt === null
          ? []
          : [{ type: "cancelTimer", timer: "flush" }];
      return { state: next, effects };
    }
    case "flushTimer":
      return flush(state, event.now);
    case "sendAck":
      return sendAck(state, event);
    case "remove":
      return schedule(
        { ...state, items: without(state.items, event.clientMsgNo) },
        event.now,
        [],
      );
  }
}
