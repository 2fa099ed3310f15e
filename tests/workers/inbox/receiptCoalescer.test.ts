// Read receipts: queued only for receipt messages from others shown in a visible tab and not yet
// readed, coalesced per channel, flushed every 2 s; failed batches come back.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  RECEIPT_BATCH_LIMIT,
  RECEIPT_FLUSH_INTERVAL_MS,
  initialReceiptState,
  receiptTransition,
  type DisplayedMessage,
  type ReceiptEffect,
  type ReceiptEvent,
  type ReceiptState,
} from "../../../workers/inbox/receiptCoalescer";
import { createTimerRunner } from "../../support/workers/timerRunner";

const ME = "me";

function coalescer() {
  return createTimerRunner<
    ReceiptState,
    ReceiptEvent,
    ReceiptEffect,
    "receiptFlush"
  >({
    initial: initialReceiptState(),
    transition: receiptTransition,
    onTimer: () => ({ type: "timerFired" }),
  });
}

function shown(
  channelKey: string,
  seq: number,
  extra: Partial<DisplayedMessage> = {},
): DisplayedMessage {
  return {
    messageId: `${channelKey}#${seq}`,
    messageSeq: seq,
    clientMsgNo: `c-${channelKey}-${seq}`,
    channelKey,
    fromUid: "peer",
    receipt: true,
    readed: false,
    ...extra,
  };
}

const flushes = (r: ReturnType<typeof coalescer>) =>
  r.recorded.flatMap((x) =>
    x.effect.type === "flush"
      ? [
          {
            at: x.at,
            channelKey: x.effect.channelKey,
            ids: x.effect.entries.map((e) => e.messageId),
          },
        ]
      : [],
  );

describe("receipt coalescer", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("[RCPT-1] coalesces per channel and flushes 2 s after the first receipt", () => {
    const r = coalescer();
    r.send({
      type: "displayed",
      messages: [shown("1:a", 1), shown("1:b", 7)],
      selfUid: ME,
      visible: true,
    });
    vi.advanceTimersByTime(500);
    r.send({
      type: "displayed",
      messages: [shown("1:a", 2)],
      selfUid: ME,
      visible: true,
    });
    vi.advanceTimersByTime(RECEIPT_FLUSH_INTERVAL_MS - 501);
    expect(flushes(r)).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(flushes(r)).toEqual([
      { at: 2_000, channelKey: "1:a", ids: ["1:a#1", "1:a#2"] },
      { at: 2_000, channelKey: "1:b", ids: ["1:b#7"] },
    ]);
  });

  it("persists what it queues, so a reload does not lose receipts", () => {
    const r = coalescer();
    r.send({
      type: "displayed",
      messages: [shown("1:a", 1)],
      selfUid: ME,
      visible: true,
    });
    expect(r.recorded[0]?.effect).toEqual({
      type: "persist",
      entries: [
        {
          messageId: "1:a#1",
          messageSeq: 1,
          clientMsgNo: "c-1:a-1",
          channelKey: "1:a",
        },
      ],
    });
  });

  it("[RCPT-2] skips messages already readed, without the receipt setting, own, unsent, or not visible", () => {
    const r = coalescer();
    r.send({
      type: "displayed",
      selfUid: ME,
      visible: true,
      messages: [
        shown("1:a", 1, { readed: true }),
        shown("1:a", 2, { receipt: false }),
        shown("1:a", 3, { fromUid: ME }),
        {
          clientMsgNo: "pending",
          channelKey: "1:a",
          fromUid: "peer",
          receipt: true,
          readed: false,
        },
      ],
    });
    r.send({
      type: "displayed",
      messages: [shown("1:a", 4)],
      selfUid: ME,
      visible: false,
    });
    vi.advanceTimersByTime(10_000);
    expect(r.recorded).toEqual([]);
    expect(r.armed()).toEqual([]);
  });

  it("queues a message once, however often it is displayed", () => {
    const r = coalescer();
    for (let i = 0; i < 3; i += 1)
      r.send({
        type: "displayed",
        messages: [shown("1:a", 1)],
        selfUid: ME,
        visible: true,
      });
    vi.advanceTimersByTime(2_000);
    r.send({
      type: "displayed",
      messages: [shown("1:a", 1)],
      selfUid: ME,
      visible: true,
    });
    expect(flushes(r)).toEqual([
      { at: 2_000, channelKey: "1:a", ids: ["1:a#1"] },
    ]);
    expect(r.recorded.filter((x) => x.effect.type === "persist")).toHaveLength(
      1,
    );
  });

  it("keeps flushing every 2 s while receipts arrive; one request per channel at a time", () => {
    const r = coalescer();
    r.send({
      type: "displayed",
      messages: [shown("1:a", 1)],
      selfUid: ME,
      visible: true,
    });
    vi.advanceTimersByTime(2_000);
    r.send({
      type: "displayed",
      messages: [shown("1:a", 2)],
      selfUid: ME,
      visible: true,
    });
    vi.advanceTimersByTime(2_000);
    expect(flushes(r).map((f) => f.ids)).toEqual([["1:a#1"]]);
    r.send({ type: "flushDone", channelKey: "1:a", ok: true });
    vi.advanceTimersByTime(2_000);
    expect(flushes(r)).toEqual([
      { at: 2_000, channelKey: "1:a", ids: ["1:a#1"] },
      { at: 6_000, channelKey: "1:a", ids: ["1:a#2"] },
    ]);
  });

  it("puts a failed batch back in front and retries it at the next tick", () => {
    const r = coalescer();
    r.send({
      type: "displayed",
      messages: [shown("1:a", 1)],
      selfUid: ME,
      visible: true,
    });
    vi.advanceTimersByTime(2_000);
    r.send({
      type: "displayed",
      messages: [shown("1:a", 2)],
      selfUid: ME,
      visible: true,
    });
    r.send({ type: "flushDone", channelKey: "1:a", ok: false });
    vi.advanceTimersByTime(2_000);
    expect(flushes(r).at(-1)).toEqual({
      at: 4_000,
      channelKey: "1:a",
      ids: ["1:a#1", "1:a#2"],
    });
    r.send({ type: "flushDone", channelKey: "1:a", ok: true });
    vi.advanceTimersByTime(60_000);
    expect(flushes(r)).toHaveLength(2);
    expect(r.armed()).toEqual([]);
  });

  it("splits a channel's receipts into batches of at most 100", () => {
    const r = coalescer();
    const many = Array.from({ length: 150 }, (_, i) => shown("1:a", i + 1));
    r.send({ type: "displayed", messages: many, selfUid: ME, visible: true });
    vi.advanceTimersByTime(2_000);
    r.send({ type: "flushDone", channelKey: "1:a", ok: true });
    vi.advanceTimersByTime(2_000);
    expect(flushes(r).map((f) => f.ids.length)).toEqual([
      RECEIPT_BATCH_LIMIT,
      50,
    ]);
  });

  it("restores persisted entries without persisting them again", () => {
    const r = coalescer();
    r.send({
      type: "restore",
      entries: [
        { messageId: "9", messageSeq: 9, clientMsgNo: "c9", channelKey: "2:g" },
      ],
    });
    vi.advanceTimersByTime(2_000);
    expect(r.recorded.map((x) => x.effect.type)).toEqual(["flush"]);
  });
});
