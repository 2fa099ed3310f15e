// The offline cache waits for the first page (#20): nothing before `load` and, when the app says
// so, before its first page is shown and its requests are done (with a deadline); then the browser's
// idle time (with a deadline) or the first interaction, whichever comes first.
import {
  QUIET_MS,
  SETTLE_DEADLINE_MS,
  afterPageSettled,
} from "../../../src/pwa/afterPageSettled";

function fakeWindow(readyState: DocumentReadyState) {
  const target = new EventTarget() as EventTarget & {
    document: { readyState: DocumentReadyState };
    requestIdleCallback: (cb: () => void, o: { timeout: number }) => number;
    cancelIdleCallback: (id: number) => void;
    setTimeout: (cb: () => void, ms: number) => number;
    clearTimeout: (id: number) => void;
  };
  const idle: { cb: () => void; timeout: number }[] = [];
  target.document = { readyState };
  target.requestIdleCallback = (cb, o) => idle.push({ cb, timeout: o.timeout });
  target.cancelIdleCallback = () => undefined;
  const timers = new Map<number, { cb: () => void; ms: number }>();
  let lastId = 0;
  target.setTimeout = (cb, ms) => {
    timers.set(++lastId, { cb, ms });
    return lastId;
  };
  target.clearTimeout = (id) => {
    timers.delete(id);
  };
  /** Runs the pending wait for the network to be quiet (the first page's requests are done). */
  const quiet = () => {
    const found = [...timers].find(([, timer]) => timer.ms === QUIET_MS);
    expect(found).toBeDefined();
    timers.delete(found![0]);
    found![1].cb();
  };
  return { target, idle, timers, quiet };
}

/** The app's first page, already shown. */
const SHOWN = Promise.resolve();

/** One idle callback was asked for, and running it settles the page. */
async function settlesAtIdle(
  idle: readonly { cb: () => void }[],
  isSettled: () => Promise<boolean>,
): Promise<void> {
  expect(idle).toHaveLength(1);
  idle[0]!.cb();
  expect(await isSettled()).toBe(true);
}

/** Lets the promise chains started so far run to their next wait. */
const ticks = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

const settled = (p: Promise<void>) => {
  let yes = false;
  void p.then(() => {
    yes = true;
  });
  return async () => {
    await Promise.resolve();
    await Promise.resolve();
    return yes;
  };
};

it("waits for load, then for the browser to be idle within the deadline", async () => {
  const { target, idle, quiet } = fakeWindow("loading");
  const isSettled = settled(
    afterPageSettled(target as unknown as Window, SHOWN),
  );
  expect(idle).toHaveLength(0);
  expect(await isSettled()).toBe(false);
  target.dispatchEvent(new Event("load"));
  await ticks();
  expect(idle).toHaveLength(0);
  quiet();
  await ticks();
  expect(idle).toEqual([
    { cb: expect.any(Function), timeout: SETTLE_DEADLINE_MS },
  ]);
  expect(await isSettled()).toBe(false);
  idle[0]!.cb();
  expect(await isSettled()).toBe(true);
});

it("starts at the first interaction even while the page still loads", async () => {
  const { target, idle } = fakeWindow("interactive");
  const isSettled = settled(
    afterPageSettled(target as unknown as Window, SHOWN),
  );
  target.dispatchEvent(new Event("pointerdown"));
  expect(await isSettled()).toBe(true);
  // And only once: a later idle callback or load does nothing more.
  target.dispatchEvent(new Event("load"));
  expect(idle).toHaveLength(0);
});

it("on an already loaded page whose first page is shown, asks for idle time at once", async () => {
  const { target, idle, quiet } = fakeWindow("complete");
  const isSettled = settled(
    afterPageSettled(target as unknown as Window, SHOWN),
  );
  await ticks();
  quiet();
  await ticks();
  await settlesAtIdle(idle, isSettled);
});

it("after load, waits for the app's first page before asking for idle time", async () => {
  const { target, idle, quiet } = fakeWindow("loading");
  let show: () => void = () => undefined;
  const pageShown = new Promise<void>((resolve) => {
    show = resolve;
  });
  const isSettled = settled(
    afterPageSettled(target as unknown as Window, pageShown),
  );
  target.dispatchEvent(new Event("load"));
  await ticks();
  expect(idle).toHaveLength(0);
  show();
  await ticks();
  expect(idle).toHaveLength(0);
  quiet();
  await ticks();
  expect(idle).toEqual([
    { cb: expect.any(Function), timeout: SETTLE_DEADLINE_MS },
  ]);
  idle[0]!.cb();
  expect(await isSettled()).toBe(true);
});

it("asks for idle time after the deadline when the first page never shows, and only once", async () => {
  const { target, idle, timers, quiet } = fakeWindow("complete");
  let show: () => void = () => undefined;
  const pageShown = new Promise<void>((resolve) => {
    show = resolve;
  });
  const isSettled = settled(
    afterPageSettled(target as unknown as Window, pageShown),
  );
  expect(idle).toHaveLength(0);
  const [deadline] = [...timers.values()];
  expect(deadline?.ms).toBe(SETTLE_DEADLINE_MS);
  deadline!.cb();
  expect(idle).toHaveLength(1);
  show();
  await ticks();
  quiet();
  await ticks();
  await settlesAtIdle(idle, isSettled);
});

it("after the first page, waits until its requests stop before asking for idle time", async () => {
  const { target, idle, timers, quiet } = fakeWindow("complete");
  let announce: () => void = () => undefined;
  Object.assign(target, {
    PerformanceObserver: class {
      constructor(callback: () => void) {
        announce = callback;
      }
      observe() {}
      disconnect() {}
    },
  });
  const isSettled = settled(
    afterPageSettled(target as unknown as Window, SHOWN),
  );
  await ticks();
  // A resource finished (the page's settings, a chunk): the quiet wait starts over.
  const first = [...timers.keys()].at(-1);
  announce();
  expect(timers.has(first!)).toBe(false);
  expect(idle).toHaveLength(0);
  quiet();
  await ticks();
  await settlesAtIdle(idle, isSettled);
});
