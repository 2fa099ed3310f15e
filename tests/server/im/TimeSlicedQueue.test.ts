// The time-sliced queue's rule without an event loop: items run in later turns, each turn stops
// once its budget is spent (after at least one item), order is kept, a throwing item does not
// strand the rest, and takeAll() empties it.
import {
  type SliceScheduler,
  TimeSlicedQueue,
} from "../../../server/im/TimeSlicedQueue";

/** A scheduler whose turns run when the test says so, on a clock each item advances. */
function fakeScheduler() {
  let clock = 0;
  const turns: (() => void)[] = [];
  const scheduler: SliceScheduler = {
    now: () => clock,
    later: (slice) => {
      turns.push(slice);
    },
  };
  return {
    scheduler,
    advance: (ms: number) => {
      clock += ms;
    },
    pendingTurns: () => turns.length,
    /** Runs the next scheduled turn. */
    turn: () => {
      const next = turns.shift();
      if (next === undefined) throw new Error("no turn scheduled");
      next();
    },
  };
}

/** A queue of numbers that records what ran; each item costs `costMs` on the fake clock. */
function recordingQueue(costMs = 0, failOn?: number) {
  const fake = fakeScheduler();
  const ran: number[] = [];
  const queue = new TimeSlicedQueue<number>(
    (n) => {
      if (n === failOn) throw new Error("boom");
      ran.push(n);
      fake.advance(costMs);
    },
    8,
    fake.scheduler,
  );
  return { fake, ran, queue };
}

describe("TimeSlicedQueue", () => {
  it("runs nothing in the pushing turn, then everything in order within the budget", () => {
    const { fake, ran, queue } = recordingQueue();
    queue.push(1);
    queue.push(2);
    queue.push(3);
    expect(ran).toEqual([]);
    expect(fake.pendingTurns()).toBe(1);
    fake.turn();
    expect(ran).toEqual([1, 2, 3]);
    expect(queue.size).toBe(0);
    expect(fake.pendingTurns()).toBe(0);
  });

  it("yields once a turn has used its budget and goes on in the next", () => {
    const { fake, ran, queue } = recordingQueue(3);
    for (let i = 1; i <= 7; i++) queue.push(i);
    fake.turn();
    // 3 ms each: after the third item 9 ms ≥ 8 ms have passed.
    expect(ran).toEqual([1, 2, 3]);
    expect(queue.size).toBe(4);
    expect(fake.pendingTurns()).toBe(1);
    fake.turn();
    expect(ran).toEqual([1, 2, 3, 4, 5, 6]);
    fake.turn();
    expect(ran).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(fake.pendingTurns()).toBe(0);
  });

  it("runs at least one item per turn, however slow", () => {
    const { fake, ran, queue } = recordingQueue(50);
    queue.push(1);
    queue.push(2);
    fake.turn();
    expect(ran).toEqual([1]);
    fake.turn();
    expect(ran).toEqual([1, 2]);
  });

  it("schedules a new turn for items pushed after it emptied", () => {
    const { fake, ran, queue } = recordingQueue();
    queue.push(1);
    fake.turn();
    queue.push(2);
    expect(fake.pendingTurns()).toBe(1);
    fake.turn();
    expect(ran).toEqual([1, 2]);
  });

  it("keeps going after an item throws", () => {
    const { fake, ran, queue } = recordingQueue(0, 2);
    queue.push(1);
    queue.push(2);
    queue.push(3);
    expect(() => {
      fake.turn();
    }).toThrow("boom");
    expect(ran).toEqual([1]);
    fake.turn();
    expect(ran).toEqual([1, 3]);
    expect(fake.pendingTurns()).toBe(0);
  });

  it("takeAll() hands back what waits, and the scheduled turn then does nothing", () => {
    const { fake, ran, queue } = recordingQueue();
    queue.push(1);
    queue.push(2);
    expect(queue.takeAll()).toEqual([1, 2]);
    expect(queue.size).toBe(0);
    fake.turn();
    expect(ran).toEqual([]);
    queue.push(3);
    expect(fake.pendingTurns()).toBe(1);
    fake.turn();
    expect(ran).toEqual([3]);
  });
});
