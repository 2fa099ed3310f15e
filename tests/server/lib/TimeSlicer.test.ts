// TimeSlicer: jobs run at once while the turn's budget lasts; the rest wait, in order, for the next
// turns, a budget's worth each; a job that throws is reported and the others still run.
import { type SlicerRuntime, TimeSlicer } from "../../../server/lib/TimeSlicer";

/** A clock moved only by the jobs (each "takes" the ms it is given) and turns run by hand. */
function manualRuntime() {
  let now = 0;
  const deferred: (() => void)[] = [];
  const runtime: SlicerRuntime = {
    now: () => now,
    defer: (fn) => {
      deferred.push(fn);
    },
  };
  return {
    runtime,
    /** A slicer on this runtime whose jobs may not throw. */
    slicer: (budgetMs: number) =>
      new TimeSlicer(
        budgetMs,
        (error) => {
          throw error;
        },
        runtime,
      ),
    /** A job that takes `ms` and records its name. */
    job: (log: string[], name: string, ms: number) => () => {
      log.push(name);
      now += ms;
    },
    /** Runs the turns scheduled so far (not those they schedule); returns how many ran. */
    nextTurn(): number {
      const due = deferred.splice(0);
      for (const fn of due) fn();
      return due.length;
    },
    get scheduled() {
      return deferred.length;
    },
  };
}

it("runs jobs at once while the turn's budget lasts, then the rest in later turns, in order", () => {
  const rt = manualRuntime();
  const slicer = rt.slicer(10);
  const log: string[] = [];
  for (let i = 0; i < 10; i++) slicer.submit(rt.job(log, `j${String(i)}`, 4));
  // 4 + 4 + 4 ≥ 10: three ran in this turn, seven wait.
  expect(log).toEqual(["j0", "j1", "j2"]);
  expect(slicer.waiting).toBe(7);
  expect(rt.nextTurn()).toBe(1);
  expect(log).toEqual(["j0", "j1", "j2", "j3", "j4", "j5"]);
  rt.nextTurn();
  rt.nextTurn();
  expect(log).toEqual(Array.from({ length: 10 }, (_, i) => `j${String(i)}`));
  expect(slicer.waiting).toBe(0);
  expect(rt.scheduled).toBe(0);
});

it("a job submitted while others wait goes behind them, even with time left", () => {
  const rt = manualRuntime();
  const slicer = rt.slicer(10);
  const log: string[] = [];
  slicer.submit(rt.job(log, "long", 12));
  slicer.submit(rt.job(log, "second", 1));
  rt.nextTurn();
  expect(log).toEqual(["long", "second"]);
  // The turn has time left and nothing waits: the next job runs at once.
  slicer.submit(rt.job(log, "third", 1));
  expect(log).toEqual(["long", "second", "third"]);
});

it("the budget starts again each turn", () => {
  const rt = manualRuntime();
  const slicer = rt.slicer(10);
  const log: string[] = [];
  slicer.submit(rt.job(log, "a", 10));
  slicer.submit(rt.job(log, "b", 1));
  expect(log).toEqual(["a"]);
  rt.nextTurn();
  expect(log).toEqual(["a", "b"]);
  rt.nextTurn();
  slicer.submit(rt.job(log, "c", 1));
  expect(log).toEqual(["a", "b", "c"]);
});

it("with a budget of 0 every job runs in a later turn, one per turn", () => {
  const rt = manualRuntime();
  const slicer = rt.slicer(0);
  const log: string[] = [];
  slicer.submit(rt.job(log, "a", 0));
  slicer.submit(rt.job(log, "b", 0));
  expect(log).toEqual([]);
  rt.nextTurn();
  expect(log).toEqual(["a"]);
  rt.nextTurn();
  expect(log).toEqual(["a", "b"]);
});

it("a job that throws is reported, and the jobs after it still run", () => {
  const rt = manualRuntime();
  const errors: unknown[] = [];
  const slicer = new TimeSlicer(0, (e) => errors.push(e), rt.runtime);
  const log: string[] = [];
  slicer.submit(() => {
    throw new Error("boom");
  });
  slicer.submit(rt.job(log, "after", 0));
  rt.nextTurn();
  rt.nextTurn();
  expect(errors).toEqual([new Error("boom")]);
  expect(log).toEqual(["after"]);
});

it("keeps the order over a long burst that never empties (the queue compacts)", () => {
  const rt = manualRuntime();
  const slicer = rt.slicer(0);
  const log: number[] = [];
  let next = 0;
  const add = () => {
    const n = next++;
    slicer.submit(() => log.push(n));
  };
  for (let i = 0; i < 3; i++) add();
  // Two new jobs per turn, one run per turn: the queue never empties for 3,000 turns.
  for (let turn = 0; turn < 3_000; turn++) {
    add();
    rt.nextTurn();
  }
  while (rt.nextTurn() > 0);
  expect(log).toEqual(Array.from({ length: next }, (_, i) => i));
  expect(slicer.waiting).toBe(0);
});

it("runs on the real event loop: a burst yields to a timer between slices", async () => {
  const slicer = new TimeSlicer(5, (e) => {
    throw e;
  });
  const order: string[] = [];
  const busy = (ms: number) => {
    const end = performance.now() + ms;
    while (performance.now() < end);
  };
  const timer = new Promise<void>((resolve) =>
    setTimeout(() => {
      order.push("timer");
      resolve();
    }, 0),
  );
  // 20 jobs of 2 ms: about 40 ms of work, 5 ms per turn.
  const done = new Promise<void>((resolve) => {
    for (let i = 0; i < 20; i++)
      slicer.submit(() => {
        busy(2);
        order.push("job");
        if (i === 19) resolve();
      });
  });
  await Promise.all([timer, done]);
  const timerAt = order.indexOf("timer");
  expect(timerAt).toBeGreaterThan(0);
  expect(timerAt).toBeLessThan(order.length - 1);
});
