// The first page counts as loaded once no resource has finished loading for a while (#20): every
// resource entry starts the wait over; without resource timing it is a plain wait; a deadline ends
// the wait of a page that never goes quiet.
import { networkQuiet } from "../../../src/pwa/networkQuiet";

class FakeObserver {
  static last: FakeObserver | null = null;
  observed: unknown[] = [];
  disconnected = false;
  readonly callback: () => void;
  constructor(callback: () => void) {
    this.callback = callback;
    FakeObserver.last = this;
  }
  observe(options: unknown) {
    this.observed.push(options);
  }
  disconnect() {
    this.disconnected = true;
  }
}

const QUIET = 500;

beforeEach(() => {
  vi.useFakeTimers();
  FakeObserver.last = null;
});
afterEach(() => {
  vi.useRealTimers();
});

function watch(target: Parameters<typeof networkQuiet>[0], deadline?: number) {
  const state = { quiet: false };
  void networkQuiet(target, QUIET, deadline).then(() => {
    state.quiet = true;
  });
  return state;
}

const timers = () => ({
  setTimeout: globalThis.setTimeout.bind(globalThis),
  clearTimeout: globalThis.clearTimeout.bind(globalThis),
});

it("resolves once no resource has finished for the quiet time, each one starting it over", async () => {
  const state = watch({
    ...timers(),
    PerformanceObserver: FakeObserver as unknown as typeof PerformanceObserver,
  });
  const observer = FakeObserver.last!;
  expect(observer.observed).toEqual([{ type: "resource" }]);
  await vi.advanceTimersByTimeAsync(QUIET - 100);
  observer.callback();
  await vi.advanceTimersByTimeAsync(QUIET - 100);
  observer.callback();
  await vi.advanceTimersByTimeAsync(QUIET - 1);
  expect(state.quiet).toBe(false);
  expect(observer.disconnected).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(state.quiet).toBe(true);
  expect(observer.disconnected).toBe(true);
});

it("without resource timing, resolves after the quiet time", async () => {
  const state = watch(timers());
  await vi.advanceTimersByTimeAsync(QUIET - 1);
  expect(state.quiet).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(state.quiet).toBe(true);
});

it("ends at the deadline on a page that never goes quiet, and stops watching", async () => {
  const state = watch(
    {
      ...timers(),
      PerformanceObserver:
        FakeObserver as unknown as typeof PerformanceObserver,
    },
    3 * QUIET,
  );
  const observer = FakeObserver.last!;
  for (let i = 0; i < 3; i++) {
    await vi.advanceTimersByTimeAsync(QUIET - 1);
    observer.callback();
  }
  expect(state.quiet).toBe(false);
  await vi.advanceTimersByTimeAsync(3);
  expect(state.quiet).toBe(true);
  expect(observer.disconnected).toBe(true);
  expect(vi.getTimerCount()).toBe(0);
});

it("with a deadline, still resolves at the first quiet stretch", async () => {
  const state = watch(timers(), 10 * QUIET);
  await vi.advanceTimersByTimeAsync(QUIET);
  expect(state.quiet).toBe(true);
  expect(vi.getTimerCount()).toBe(0);
});
