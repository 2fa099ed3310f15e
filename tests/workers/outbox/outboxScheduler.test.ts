// The outbox scheduler: order, ≤ 5 SENDs per 100 ms, re-send after reconnect (original order and
// clientMsgNo, DUP, fresh clientSeq), permanent vs transient refusals, and uploads holding back only
// their own channel.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  SEND_ACK_TIMEOUT_MS,
  SEND_BATCH_SIZE,
  SEND_FLUSH_INTERVAL_MS,
  initialOutboxState,
  outboxTransition,
  type OutboxEffect,
  type OutboxEvent,
  type OutboxState,
  type SendPacket,
} from "../../../workers/outbox/outboxScheduler";
import {
  MAX_SEND_ATTEMPTS,
  sendRetryDelay,
} from "../../../workers/outbox/sendAckRules";
import { createTimerRunner } from "../../support/workers/timerRunner";

const A = "1:alice";
const B = "1:bob";

function outbox() {
  return createTimerRunner<OutboxState, OutboxEvent, OutboxEffect, "flush">({
    initial: initialOutboxState(),
    transition: outboxTransition,
    onTimer: () => ({ type: "flushTimer", now: Date.now() }),
  });
}
type Runner = ReturnType<typeof outbox>;

function enqueue(
  r: Runner,
  clientMsgNo: string,
  channelKey = A,
  extra: Partial<Extract<OutboxEvent, { type: "enqueue" }>> = {},
): void {
  r.send({
    type: "enqueue",
    clientMsgNo,
    channelKey,
    now: Date.now(),
    ...extra,
  });
}

/** Every SEND batch written so far, with its time. */
const batches = (r: Runner) =>
  r.recorded.flatMap((x) =>
    x.effect.type === "send" ? [{ at: x.at, packets: x.effect.packets }] : [],
  );
const sentNos = (r: Runner) =>
  batches(r).flatMap((b) => b.packets.map((p) => p.clientMsgNo));
const lastPacket = (r: Runner, clientMsgNo: string): SendPacket | undefined =>
  batches(r)
    .flatMap((b) => b.packets)
    .filter((p) => p.clientMsgNo === clientMsgNo)
    .at(-1);

function ack(
  r: Runner,
  clientMsgNo: string,
  reasonCode = 1,
  messageSeq = 1,
): void {
  const packet = lastPacket(r, clientMsgNo);
  if (packet === undefined) throw new Error(`${clientMsgNo} was never sent`);
  r.send({
    type: "sendAck",
    clientSeq: packet.clientSeq,
    reasonCode,
    messageId: "900",
    messageSeq,
    now: Date.now(),
  });
}

describe("outbox scheduler", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("holds messages while disconnected, then sends them in outbox order", () => {
    const r = outbox();
    for (const no of ["m1", "m2", "m3"]) enqueue(r, no);
    vi.advanceTimersByTime(10_000);
    expect(batches(r)).toEqual([]);
    r.send({ type: "connected", now: Date.now() });
    vi.advanceTimersByTime(SEND_FLUSH_INTERVAL_MS);
    expect(sentNos(r)).toEqual(["m1", "m2", "m3"]);
    expect(batches(r)[0]?.packets.map((p) => p.clientSeq)).toEqual([1, 2, 3]);
  });

  it("writes at most 5 SENDs every 100 ms, the first at once (12 messages → 5 + 5 + 2)", () => {
    const r = outbox();
    r.send({ type: "connected", now: 0 });
    for (let i = 1; i <= 12; i += 1) enqueue(r, `m${i}`, i % 2 === 0 ? A : B);
    vi.advanceTimersByTime(1_000);
    const b = batches(r);
    expect(SEND_BATCH_SIZE).toBe(5);
    expect(b.map((x) => x.packets.length)).toEqual([5, 5, 2]);
    expect(b.map((x) => x.at)).toEqual([0, 100, 200]);
    expect(sentNos(r)).toEqual(
      Array.from({ length: 12 }, (_, i) => `m${i + 1}`),
    );
    expect(b.flatMap((x) => x.packets.map((p) => p.dup))).toEqual(
      Array(12).fill(false),
    );
  });

  it("a lone message goes out at once; the cap holds a 6th SEND within 100 ms of the 1st (#20)", () => {
    const r = outbox();
    r.send({ type: "connected", now: 0 });
    vi.advanceTimersByTime(5_000);
    enqueue(r, "alone");
    vi.advanceTimersByTime(0);
    expect(batches(r)).toEqual([
      {
        at: 5_000,
        packets: [{ clientMsgNo: "alone", clientSeq: 1, dup: false }],
      },
    ]);
    // Fast senders: one message every 10 ms. The window holds 5 SENDs in any 100 ms.
    for (const no of ["m2", "m3", "m4", "m5", "m6"]) {
      vi.advanceTimersByTime(10);
      enqueue(r, no);
      vi.advanceTimersByTime(0);
    }
    expect(batches(r).map((b) => b.at)).toEqual([
      5_000, 5_010, 5_020, 5_030, 5_040,
    ]);
    // m6 (5,050) waits until "alone" (5,000) leaves the window.
    vi.advanceTimersByTime(49);
    expect(sentNos(r)).not.toContain("m6");
    vi.advanceTimersByTime(1);
    expect(batches(r).at(-1)).toEqual({
      at: 5_100,
      packets: [{ clientMsgNo: "m6", clientSeq: 6, dup: false }],
    });
    // Three at once at 5,115: m3..m6 are in the window, so one goes now and two when m3, m4 leave.
    vi.advanceTimersByTime(15);
    for (const no of ["x1", "x2", "x3"]) enqueue(r, no);
    vi.advanceTimersByTime(1_000);
    expect(batches(r).slice(-3)).toMatchObject([
      { at: 5_115, packets: [{ clientMsgNo: "x1" }] },
      { at: 5_120, packets: [{ clientMsgNo: "x2" }] },
      { at: 5_130, packets: [{ clientMsgNo: "x3" }] },
    ]);
    // Never more than 5 SENDs in any 100 ms.
    const times = batches(r).flatMap((b) => b.packets.map(() => b.at));
    for (const t of times)
      expect(times.filter((u) => u >= t && u < t + 100).length).toBeLessThanOrEqual(5);
  });

  it("SENDACK reason 1 settles the message with its messageId and messageSeq", () => {
    const r = outbox();
    r.send({ type: "connected", now: 0 });
    enqueue(r, "m1");
    vi.advanceTimersByTime(100);
    r.send({
      type: "sendAck",
      clientSeq: 1,
      reasonCode: 1,
      messageId: "77",
      messageSeq: 9,
      now: 100,
    });
    expect(r.recorded.at(-1)?.effect).toEqual({
      type: "acked",
      clientMsgNo: "m1",
      messageId: "77",
      messageSeq: 9,
    });
    expect(r.state.items).toEqual([]);
    expect(r.armed()).toEqual([]);
  });

  it("ignores a SENDACK whose clientSeq matches nothing in flight", () => {
    const r = outbox();
    r.send({ type: "connected", now: 0 });
    enqueue(r, "m1");
    vi.advanceTimersByTime(100);
    const before = r.state;
    r.send({
      type: "sendAck",
      clientSeq: 42,
      reasonCode: 1,
      messageId: "1",
      messageSeq: 1,
      now: 100,
    });
    expect(r.state).toBe(before);
  });

  it("[OUT-1] after a reconnect re-sends every pending message in original order, same clientMsgNo, DUP, new clientSeqs", () => {
    const r = outbox();
    r.send({ type: "connected", now: 0 });
    for (const no of ["m1", "m2", "m3", "m4"]) enqueue(r, no);
    vi.advanceTimersByTime(100);
    ack(r, "m2");
    r.send({ type: "disconnected" });
    enqueue(r, "m5");
    vi.advanceTimersByTime(5_000);
    expect(batches(r)).toHaveLength(1);
    r.send({ type: "connected", now: Date.now() });
    vi.advanceTimersByTime(100);
    const resend = batches(r)[1]!;
    expect(resend.packets).toEqual([
      { clientMsgNo: "m1", clientSeq: 1, dup: true },
      { clientMsgNo: "m3", clientSeq: 2, dup: true },
      { clientMsgNo: "m4", clientSeq: 3, dup: true },
      { clientMsgNo: "m5", clientSeq: 4, dup: false },
    ]);
  });

  it("a SENDACK from before the reconnect cannot settle a re-sent message by its old clientSeq", () => {
    const r = outbox();
    r.send({ type: "connected", now: 0 });
    enqueue(r, "m1");
    enqueue(r, "m2");
    vi.advanceTimersByTime(100);
    r.send({ type: "disconnected" });
    r.send({ type: "connected", now: Date.now() });
    enqueue(r, "m3");
    vi.advanceTimersByTime(100);
    // m2 now has clientSeq 2; clientSeq 3 is m3.
    r.send({
      type: "sendAck",
      clientSeq: 3,
      reasonCode: 1,
      messageId: "5",
      messageSeq: 5,
      now: Date.now(),
    });
    expect(r.recorded.at(-1)?.effect).toMatchObject({
      type: "acked",
      clientMsgNo: "m3",
    });
    expect(r.state.items.map((i) => i.clientMsgNo)).toEqual(["m1", "m2"]);
  });

  it.each([2, 3, 4, 5, 11, 13, 16, 19, 23, 24, 25])(
    "permanent refusal %i fails the message at once",
    (reason) => {
      const r = outbox();
      r.send({ type: "connected", now: 0 });
      enqueue(r, "m1");
      vi.advanceTimersByTime(100);
      ack(r, "m1", reason);
      expect(r.recorded.at(-1)?.effect).toEqual({
        type: "failed",
        clientMsgNo: "m1",
        failure: { code: "SEND_REFUSED", reasonCode: reason },
      });
      expect(r.state.items).toEqual([]);
    },
  );

  it.each([15, 22, 0, 8])(
    "transient refusal %i is retried with growing backoff, then fails",
    (reason) => {
      const r = outbox();
      r.send({ type: "connected", now: 0 });
      enqueue(r, "m1");
      vi.advanceTimersByTime(100);
      const sendTimes: number[] = [100];
      for (let refusal = 1; refusal < MAX_SEND_ATTEMPTS; refusal += 1) {
        ack(r, "m1", reason);
        const refusedAt = Date.now();
        vi.advanceTimersByTime(sendRetryDelay(refusal) - 1);
        expect(batches(r)).toHaveLength(refusal);
        vi.advanceTimersByTime(1);
        expect(batches(r)).toHaveLength(refusal + 1);
        sendTimes.push(Date.now());
        expect(Date.now() - refusedAt).toBe(sendRetryDelay(refusal));
        expect(lastPacket(r, "m1")?.dup).toBe(true);
      }
      ack(r, "m1", reason);
      expect(r.recorded.at(-1)?.effect).toEqual({
        type: "failed",
        clientMsgNo: "m1",
        failure: { code: "RETRIES_EXHAUSTED", reasonCode: reason },
      });
      expect(sendTimes).toHaveLength(MAX_SEND_ATTEMPTS);
    },
  );

  it("a rate-limited message holds back later messages of its channel, not other channels", () => {
    const r = outbox();
    r.send({ type: "connected", now: 0 });
    enqueue(r, "a1", A);
    vi.advanceTimersByTime(100);
    ack(r, "a1", 22);
    enqueue(r, "a2", A);
    enqueue(r, "b1", B);
    vi.advanceTimersByTime(100);
    expect(sentNos(r)).toEqual(["a1", "b1"]);
    vi.advanceTimersByTime(sendRetryDelay(1));
    expect(sentNos(r)).toEqual(["a1", "b1", "a1", "a2"]);
  });

  it("[issue #9] a SEND whose SENDACK never comes goes again on the same connection: DUP, fresh clientSeq", () => {
    const r = outbox();
    r.send({ type: "connected", now: 0 });
    enqueue(r, "m1");
    enqueue(r, "m2");
    vi.advanceTimersByTime(0);
    const first = batches(r)[0]!.packets;
    ack(r, "m2");
    vi.advanceTimersByTime(SEND_ACK_TIMEOUT_MS - 1);
    expect(batches(r)).toHaveLength(1);
    vi.advanceTimersByTime(SEND_FLUSH_INTERVAL_MS);
    expect(batches(r)).toHaveLength(2);
    expect(batches(r)[1]!.packets).toEqual([
      { clientMsgNo: "m1", clientSeq: 3, dup: true },
    ]);
    // The lost SENDACK shows up late: its clientSeq no longer settles anything; the new one does.
    r.send({
      type: "sendAck",
      clientSeq: first[0]!.clientSeq,
      reasonCode: 1,
      messageId: "900",
      messageSeq: 1,
      now: Date.now(),
    });
    expect(r.state.items.map((i) => i.clientMsgNo)).toEqual(["m1"]);
    ack(r, "m1");
    expect(r.state.items).toEqual([]);
    vi.advanceTimersByTime(SEND_ACK_TIMEOUT_MS * 3);
    expect(batches(r)).toHaveLength(2);
    expect(
      r.recorded.filter((x) => x.effect.type === "acked").map((x) => x.effect),
    ).toEqual([
      { type: "acked", clientMsgNo: "m2", messageId: "900", messageSeq: 1 },
      { type: "acked", clientMsgNo: "m1", messageId: "900", messageSeq: 1 },
    ]);
  });

  it("[OUT-2] an image waiting for its upload holds back later messages of ITS channel only", () => {
    const r = outbox();
    r.send({ type: "connected", now: 0 });
    enqueue(r, "a-text-1", A);
    enqueue(r, "a-image", A, { upload: "wait" });
    enqueue(r, "a-text-2", A);
    enqueue(r, "b-text", B);
    vi.advanceTimersByTime(100);
    expect(sentNos(r)).toEqual(["a-text-1", "b-text"]);
    ack(r, "a-text-1");
    ack(r, "b-text");
    r.send({
      type: "uploadChanged",
      clientMsgNo: "a-image",
      state: "processing",
      now: Date.now(),
    });
    r.send({
      type: "uploadChanged",
      clientMsgNo: "a-image",
      state: "suspend",
      now: Date.now(),
    });
    vi.advanceTimersByTime(10_000);
    expect(sentNos(r)).toEqual(["a-text-1", "b-text"]);
    r.send({
      type: "uploadChanged",
      clientMsgNo: "a-image",
      state: "success",
      now: Date.now(),
    });
    vi.advanceTimersByTime(100);
    expect(sentNos(r)).toEqual(["a-text-1", "b-text", "a-image", "a-text-2"]);
  });

  it.each([
    ["fail", "UPLOAD_FAILED"],
    ["cancel", "UPLOAD_CANCELLED"],
  ] as const)(
    "an upload %s fails the image and releases its channel",
    (state, code) => {
      const r = outbox();
      r.send({ type: "connected", now: 0 });
      enqueue(r, "img", A, { upload: "processing" });
      enqueue(r, "after", A);
      vi.advanceTimersByTime(100);
      expect(sentNos(r)).toEqual([]);
      r.send({
        type: "uploadChanged",
        clientMsgNo: "img",
        state,
        now: Date.now(),
      });
      expect(r.recorded.at(-1)?.effect).toEqual({
        type: "failed",
        clientMsgNo: "img",
        failure: { code },
      });
      vi.advanceTimersByTime(100);
      expect(sentNos(r)).toEqual(["after"]);
    },
  );

  it("restored entries (after a reload) go out with DUP in their stored order", () => {
    const r = outbox();
    enqueue(r, "old1", A, { sentBefore: true });
    enqueue(r, "old2", B, { sentBefore: true });
    enqueue(r, "new", A);
    r.send({ type: "connected", now: 0 });
    vi.advanceTimersByTime(100);
    expect(batches(r)[0]?.packets).toEqual([
      { clientMsgNo: "old1", clientSeq: 1, dup: true },
      { clientMsgNo: "old2", clientSeq: 2, dup: true },
      { clientMsgNo: "new", clientSeq: 3, dup: false },
    ]);
  });

  it("enqueue is idempotent by clientMsgNo; remove drops a message wherever it is", () => {
    const r = outbox();
    enqueue(r, "m1");
    enqueue(r, "m1");
    enqueue(r, "m2");
    r.send({ type: "remove", clientMsgNo: "m1", now: 0 });
    r.send({ type: "connected", now: 0 });
    vi.advanceTimersByTime(100);
    expect(sentNos(r)).toEqual(["m2"]);
  });

  it("disconnecting cancels an armed flush", () => {
    const r = outbox();
    r.send({ type: "connected", now: 0 });
    enqueue(r, "m1");
    expect(r.armed()).toEqual(["flush"]);
    r.send({ type: "disconnected" });
    expect(r.armed()).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(batches(r)).toEqual([]);
  });
});
