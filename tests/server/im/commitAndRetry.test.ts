// Pure building blocks of the gateway, without I/O: group commit batching and failure isolation,
// the RECV re-send schedule, the send rate limiter, message ids, the master-device kick rule and
// the SEND content rules.
import { DeviceLevel, ReasonCode, encodeUtf8 } from "#protocol";
import { connectionsToKick } from "../../../server/im/ConnectionRegistry";
import {
  type BatchTiming,
  GroupCommitter,
} from "../../../server/im/GroupCommitter";
import {
  ID_EPOCH_MS,
  MessageIdGenerator,
} from "../../../server/im/MessageIdGenerator";
import { PendingRecvs, nextRecvRetryAt } from "../../../server/im/PendingRecvs";
import { SendRateLimiter } from "../../../server/im/SendRateLimiter";
import { checkPayload, classifyChannel } from "../../../server/im/sendRules";

describe("GroupCommitter", () => {
  it("writes what arrives together in one batch, and what arrives during a write in the next", async () => {
    const batches: number[][] = [];
    let release: () => void = () => undefined;
    const committer = new GroupCommitter<number, number>(async (items) => {
      batches.push([...items]);
      if (batches.length === 1) await new Promise<void>((r) => (release = r));
      return items.map((i) => i * 10);
    }, 100);
    const first = [1, 2, 3].map((i) => committer.submit(i));
    await Promise.resolve();
    await Promise.resolve();
    const second = [4, 5].map((i) => committer.submit(i));
    release();
    expect(await Promise.all([...first, ...second])).toEqual([
      10, 20, 30, 40, 50,
    ]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    await committer.drain();
  });

  it("reports each batch's size, its oldest item's wait and the write's duration", async () => {
    let clock = 0;
    const timings: BatchTiming[] = [];
    let release: () => void = () => undefined;
    const committer = new GroupCommitter<number, number>(
      async (items) => {
        if (items[0] === 1) {
          clock += 7;
          await new Promise<void>((r) => (release = r));
        }
        return [...items];
      },
      100,
      0,
      () => clock,
      (timing) => timings.push(timing),
    );
    const first = committer.submit(1);
    await Promise.resolve();
    await Promise.resolve();
    clock += 3;
    const second = [2, 3].map((i) => committer.submit(i));
    clock += 2;
    release();
    await Promise.all([first, ...second]);
    expect(timings).toEqual([
      { size: 1, waitedMs: 0, writeMs: 12 },
      { size: 2, waitedMs: 2, writeMs: 0 },
    ]);
  });

  it("starts the next write before handing out the results of the batch just written", async () => {
    const events: string[] = [];
    let release: () => void = () => undefined;
    const committer = new GroupCommitter<number, number>(async (items) => {
      events.push(`write ${items.join(",")}`);
      if (items[0] === 1) await new Promise<void>((r) => (release = r));
      return [...items];
    }, 100);
    const first = committer.submit(1).then(() => events.push("done 1"));
    await Promise.resolve();
    await Promise.resolve();
    const second = [2, 3].map((i) =>
      committer.submit(i).then(() => events.push(`done ${i}`)),
    );
    release();
    await Promise.all([first, ...second]);
    expect(events).toEqual([
      "write 1",
      "write 2,3",
      "done 1",
      "done 2",
      "done 3",
    ]);
  });

  describe("under load (lingerMs)", () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    /** A committer whose first write lasts until `release()`; records each batch and its start. */
    function heldFirstWrite(maxBatch: number, lingerMs: number) {
      const starts: [number[], number][] = [];
      let release: () => void = () => undefined;
      const committer = new GroupCommitter<number, number>(
        async (items) => {
          starts.push([[...items], Date.now()]);
          if (items[0] === 1) await new Promise<void>((r) => (release = r));
          return [...items];
        },
        maxBatch,
        lingerMs,
        () => Date.now(),
      );
      return {
        committer,
        starts,
        release: () => {
          release();
        },
      };
    }

    it("starts the next batch lingerMs after the previous one started, handing out results meanwhile", async () => {
      const { committer, starts, release } = heldFirstWrite(100, 10);
      const t0 = Date.now();
      let firstDone = false;
      const first = committer.submit(1).then(() => (firstDone = true));
      await vi.advanceTimersByTimeAsync(0);
      const second = [2, 3].map((i) => committer.submit(i));
      await vi.advanceTimersByTimeAsync(4);
      release();
      await vi.advanceTimersByTimeAsync(0);
      expect(firstDone).toBe(true);
      expect(starts).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(5);
      expect(starts).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(starts).toEqual([
        [[1], t0],
        [[2, 3], t0 + 10],
      ]);
      await Promise.all([first, ...second]);
    });

    it("does not wait when a full batch is queued, or when the write took lingerMs or longer", async () => {
      const full = heldFirstWrite(2, 10);
      const t0 = Date.now();
      const first = full.committer.submit(1);
      await vi.advanceTimersByTimeAsync(0);
      const rest = [2, 3, 4].map((i) => full.committer.submit(i));
      await vi.advanceTimersByTimeAsync(4);
      full.release();
      await vi.advanceTimersByTimeAsync(0);
      expect(full.starts.slice(0, 2)).toEqual([
        [[1], t0],
        [[2, 3], t0 + 4],
      ]);
      await vi.advanceTimersByTimeAsync(20);
      await Promise.all([first, ...rest]);

      const slow = heldFirstWrite(100, 10);
      const t1 = Date.now();
      const one = slow.committer.submit(1);
      await vi.advanceTimersByTimeAsync(0);
      const two = slow.committer.submit(2);
      await vi.advanceTimersByTimeAsync(12);
      slow.release();
      await vi.advanceTimersByTimeAsync(0);
      expect(slow.starts).toEqual([
        [[1], t1],
        [[2], t1 + 12],
      ]);
      await Promise.all([one, two]);
    });
  });

  it("retries a failed batch item by item before the next batch is written (order kept)", async () => {
    const writes: number[][] = [];
    let release: () => void = () => undefined;
    const committer = new GroupCommitter<number, number>(async (items) => {
      writes.push([...items]);
      if (writes.length === 1) await new Promise<void>((r) => (release = r));
      if (items.includes(13)) throw new Error("unlucky");
      return [...items];
    }, 10);
    const first = [12, 13, 14].map((i) => committer.submit(i));
    await Promise.resolve();
    await Promise.resolve();
    const later = committer.submit(15);
    release();
    const results = await Promise.allSettled([...first, later]);
    expect(results.map((r) => r.status)).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
    ]);
    expect(writes).toEqual([[12, 13, 14], [12], [13], [14], [15]]);
  });

  it("caps a batch at maxBatch", async () => {
    const sizes: number[] = [];
    const committer = new GroupCommitter<number, number>((items) => {
      sizes.push(items.length);
      return Promise.resolve([...items]);
    }, 4);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => committer.submit(i)),
    );
    expect(sizes).toEqual([4, 4, 2]);
  });

  it("a failing batch is retried item by item, so only the bad item fails", async () => {
    const committer = new GroupCommitter<number, number>(
      (items) =>
        items.includes(13)
          ? Promise.reject(new Error("unlucky"))
          : Promise.resolve([...items]),
      10,
    );
    const results = await Promise.allSettled(
      [12, 13, 14].map((i) => committer.submit(i)),
    );
    expect(results.map((r) => r.status)).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
    ]);
  });
});

describe("RECV re-sends", () => {
  it("nextRecvRetryAt follows the schedule and ends", () => {
    expect(nextRecvRetryAt(1_000, 0, [15_000, 30_000])).toBe(16_000);
    expect(nextRecvRetryAt(16_000, 1, [15_000, 30_000])).toBe(46_000);
    expect(nextRecvRetryAt(46_000, 2, [15_000, 30_000])).toBeNull();
  });

  it("PendingRecvs returns due RECVs, forgets acked and spent ones, and caps its size", () => {
    const pending = new PendingRecvs([100, 200], 3);
    const bytes = (n: number) => Uint8Array.of(n);
    pending.add(1n, bytes(1), 0);
    pending.add(2n, bytes(2), 50);
    expect(pending.takeDue(99)).toEqual([]);
    expect(pending.takeDue(100)).toEqual([bytes(1)]);
    expect(pending.ack(2n)).toBe(true);
    expect(pending.ack(2n)).toBe(false);
    expect(pending.takeDue(300)).toEqual([bytes(1)]);
    expect(pending.takeDue(10_000)).toEqual([]);
    expect(pending.size).toBe(0);
    for (const id of [10n, 11n, 12n, 13n])
      pending.add(id, bytes(Number(id)), 0);
    expect(pending.size).toBe(3);
    expect(pending.ack(10n)).toBe(false);
  });

  it("an empty schedule tracks nothing", () => {
    const pending = new PendingRecvs([], 10);
    pending.add(1n, Uint8Array.of(1), 0);
    expect(pending.size).toBe(0);
  });
});

describe("SendRateLimiter", () => {
  it("allows a burst, then the sustained rate", () => {
    const limiter = new SendRateLimiter(10, 3, 0);
    expect([0, 0, 0, 0].map((t) => limiter.take(t))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(limiter.take(50)).toBe(false);
    expect(limiter.take(100)).toBe(true);
    expect(limiter.take(100)).toBe(false);
    expect([1_000, 1_000, 1_000, 1_000].map((t) => limiter.take(t))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});

describe("MessageIdGenerator", () => {
  it("is strictly increasing, time-ordered, below 2^53, and never repeats when time stands still or steps back", () => {
    let now = ID_EPOCH_MS + 1_000;
    const ids = new MessageIdGenerator(() => now);
    const a = ids.next();
    const b = ids.next();
    now -= 500;
    const c = ids.next();
    now += 10_000;
    const d = ids.next();
    expect([a < b, b < c, c < d]).toEqual([true, true, true]);
    expect(a).toBe(1_000n * 4096n);
    expect(d).toBe(10_500n * 4096n);
    expect(ids.next() < 2n ** 53n).toBe(true);
  });

  it("starts above a stored floor (restart with the clock behind the last id)", () => {
    const floor = 5_000_000n * 4096n;
    const ids = new MessageIdGenerator(() => ID_EPOCH_MS + 10, floor);
    expect(ids.next()).toBe(floor + 1n);
  });
});

describe("connectionsToKick", () => {
  const existing = [
    { deviceFlag: 1, deviceID: "web-A" },
    { deviceFlag: 0, deviceID: "app-A" },
    { deviceFlag: 1, deviceID: "web-B" },
  ];
  it("master: same device flag, other deviceID", () => {
    expect(
      connectionsToKick(
        existing,
        { deviceFlag: 1, deviceID: "web-B" },
        DeviceLevel.MASTER,
      ),
    ).toEqual([0]);
    expect(
      connectionsToKick(
        existing,
        { deviceFlag: 2, deviceID: "pc" },
        DeviceLevel.MASTER,
      ),
    ).toEqual([]);
  });
  it("slave: nobody", () => {
    expect(
      connectionsToKick(
        existing,
        { deviceFlag: 1, deviceID: "web-C" },
        DeviceLevel.SLAVE,
      ),
    ).toEqual([]);
  });
});

describe("send rules", () => {
  it("classifyChannel: personal to someone else; data channels (#19) and everything else refused", () => {
    expect(classifyChannel("a", "b", 1)).toEqual({
      ok: true,
      kind: "personal",
    });
    expect(classifyChannel("a", "live", 7)).toMatchObject({
      reason: ReasonCode.NOT_SUPPORT_CHANNEL_TYPE,
    });
    expect(classifyChannel("a", "a", 1)).toMatchObject({
      reason: ReasonCode.CHANNEL_ID_ERROR,
    });
    expect(classifyChannel("a", "", 7)).toMatchObject({
      reason: ReasonCode.CHANNEL_ID_ERROR,
    });
    expect(classifyChannel("a", "x".repeat(129), 1)).toMatchObject({
      reason: ReasonCode.CHANNEL_ID_ERROR,
    });
    for (const type of [0, 2, 3, 6, 8, 12, 200])
      expect(classifyChannel("a", "b", type)).toMatchObject({
        reason: ReasonCode.NOT_SUPPORT_CHANNEL_TYPE,
      });
  });

  it("checkPayload: UTF-8 JSON object with an integer type, within the size", () => {
    expect(
      checkPayload(encodeUtf8('{"content":"你好","type":1}'), 100),
    ).toEqual({
      ok: true,
      text: '{"content":"你好","type":1}',
      contentType: 1,
    });
    for (const bad of [
      "",
      "null",
      "[]",
      "1",
      '{"type":1.5}',
      '{"type":"1"}',
      "{",
      '{"a":1}',
    ])
      expect(checkPayload(encodeUtf8(bad), 100)).toMatchObject({
        reason: ReasonCode.PAYLOAD_DECODE_ERROR,
      });
    expect(checkPayload(Uint8Array.of(0x7b, 0xc3, 0x7d), 100)).toMatchObject({
      reason: ReasonCode.PAYLOAD_DECODE_ERROR,
    });
    expect(
      checkPayload(encodeUtf8(`{"type":1,"x":"${"y".repeat(100)}"}`), 100),
    ).toMatchObject({
      reason: ReasonCode.NOT_ALLOW_SEND,
    });
  });
});
