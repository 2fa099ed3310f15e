// The offline cache waits for the first page (#20): nothing before `load` and, when the app says
// so, before its first page is shown (with a deadline); then the browser's idle time (with a
// deadline) or the first interaction, whichever comes first.
import {
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
  target.setTimeout = (cb, ms) => {
    timers.set(timers.size + 1, { cb, ms });
    return timers.size;
  };
  target.clearTimeout = (id) => {
    timers.delete(id);
  };
  return { target, idle, timers };
}

/** The app's first page, already shown. */
const SHOWN = Promise.resolve();

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
  const { target, idle } = fakeWindow("loading");
  const isSettled = settled(
    afterPageSettled(target as unknown as Window, SHOWN),
  );
  expect(idle).toHaveLength(0);
  expect(await isSettled()).toBe(false);
  target.dispatchEvent(new Event("load"));
  await SHOWN;
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
  const { target, idle } = fakeWindow("complete");
  const isSettled = settled(
    afterPageSettled(target as unknown as Window, SHOWN),
  );
  await SHOWN;
  expect(idle).toHaveLength(1);
  idle[0]!.cb();
  expect(await isSettled()).toBe(true);
});

it("after load, waits for the app's first page before asking for idle time", async () => {
  const { target, idle } = fakeWindow("loading");
  let show: () => void = () => undefined;
  const pageShown = new Promise<void>((resolve) => {
    show = resolve;
  });
  const isSettled = settled(
    afterPageSettled(target as unknown as Window, pageShown),
  );
  target.dispatchEvent(new Event("load"));
  await Promise.resolve();
  expect(idle).toHaveLength(0);
  show();
  await pageShown;
  await Promise.resolve();
  expect(idle).toEqual([
    { cb: expect.any(Function), timeout: SETTLE_DEADLINE_MS },
  ]);
  idle[0]!.cb();
  expect(await isSettled()).toBe(true);
});

it("asks for idle time after the deadline when the first page never shows, and only once", async () => {
  const { target, idle, timers } = fakeWindow("complete");
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
  await pageShown;
  await Promise.resolve();
  expect(idle).toHaveLength(1);
  idle[0]!.cb();
  expect(await isSettled()).toBe(true);
});
