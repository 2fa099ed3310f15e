// The offline cache waits for the first page (#20): nothing before `load`; then the browser's idle
// time (with a deadline) or the first interaction, whichever comes first.
import {
  SETTLE_DEADLINE_MS,
  afterPageSettled,
} from "../../../src/pwa/afterPageSettled";

function fakeWindow(readyState: DocumentReadyState) {
  const target = new EventTarget() as EventTarget & {
    document: { readyState: DocumentReadyState };
    requestIdleCallback: (cb: () => void, o: { timeout: number }) => number;
    cancelIdleCallback: (id: number) => void;
    setTimeout: typeof setTimeout;
    clearTimeout: typeof clearTimeout;
  };
  const idle: { cb: () => void; timeout: number }[] = [];
  target.document = { readyState };
  target.requestIdleCallback = (cb, o) => idle.push({ cb, timeout: o.timeout });
  target.cancelIdleCallback = () => undefined;
  return { target, idle };
}

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
  const isSettled = settled(afterPageSettled(target as unknown as Window));
  expect(idle).toHaveLength(0);
  expect(await isSettled()).toBe(false);
  target.dispatchEvent(new Event("load"));
  expect(idle).toEqual([
    { cb: expect.any(Function), timeout: SETTLE_DEADLINE_MS },
  ]);
  expect(await isSettled()).toBe(false);
  idle[0]!.cb();
  expect(await isSettled()).toBe(true);
});

it("starts at the first interaction even while the page still loads", async () => {
  const { target, idle } = fakeWindow("interactive");
  const isSettled = settled(afterPageSettled(target as unknown as Window));
  target.dispatchEvent(new Event("pointerdown"));
  expect(await isSettled()).toBe(true);
  // And only once: a later idle callback or load does nothing more.
  target.dispatchEvent(new Event("load"));
  expect(idle).toHaveLength(0);
});

it("on an already loaded page, asks for idle time at once", async () => {
  const { target, idle } = fakeWindow("complete");
  const isSettled = settled(afterPageSettled(target as unknown as Window));
  expect(idle).toHaveLength(1);
  idle[0]!.cb();
  expect(await isSettled()).toBe(true);
});
