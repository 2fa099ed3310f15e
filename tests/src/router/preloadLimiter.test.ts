// The preload limiter: never more than `max` tasks in flight, queued tasks start as slots free,
// results and failures reach their own caller.
import {
  createLimiter,
  limitCalls,
  MAX_CONCURRENT_PRELOADS,
} from "../../../src/router/preloadLimiter";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

it("caps route preloads at 4", () => {
  expect(MAX_CONCURRENT_PRELOADS).toBe(4);
});

it("never runs more than 4 tasks at once, and runs them all", async () => {
  const limiter = createLimiter(4);
  let inFlight = 0;
  let peak = 0;
  const gates = Array.from({ length: 10 }, () => deferred<number>());
  const results = gates.map((gate) =>
    limiter.run(async () => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      try {
        return await gate.promise;
      } finally {
        inFlight -= 1;
      }
    }),
  );
  expect(limiter.active).toBe(4);
  expect(limiter.queued).toBe(6);

  // Release in a scrambled order; after each release the cap still holds.
  for (const index of [3, 0, 9, 1, 2, 8, 4, 7, 5, 6]) {
    gates[index]!.resolve(index);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(limiter.active).toBeLessThanOrEqual(4);
  }
  await expect(Promise.all(results)).resolves.toEqual([
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
  ]);
  expect(peak).toBe(4);
  expect(limiter.active).toBe(0);
  expect(limiter.queued).toBe(0);
});

it("frees the slot of a failing task (rejection or synchronous throw)", async () => {
  const limiter = createLimiter(1);
  const failed = limiter.run(() => Promise.reject(new Error("chunk failed")));
  const thrown = limiter.run(() => {
    throw new Error("sync");
  });
  const ok = limiter.run(() => Promise.resolve("ok"));
  await expect(failed).rejects.toThrow("chunk failed");
  await expect(thrown).rejects.toThrow("sync");
  await expect(ok).resolves.toBe("ok");
  expect(limiter.active).toBe(0);
});

it("limitCalls wraps a function with the cap", async () => {
  const limiter = createLimiter(2);
  let inFlight = 0;
  let peak = 0;
  const slow = limitCalls(async (value: number) => {
    inFlight += 1;
    peak = Math.max(peak, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 5));
    inFlight -= 1;
    return value * 2;
  }, limiter);
  await expect(
    Promise.all([1, 2, 3, 4, 5].map((value) => slow(value))),
  ).resolves.toEqual([2, 4, 6, 8, 10]);
  expect(peak).toBe(2);
});

it("rejects a cap below 1", () => {
  expect(() => createLimiter(0)).toThrow(RangeError);
});

it("the app router keeps at most 4 route preloads in flight", async () => {
  const { createAppRouter } =
    await import("../../../src/router/createAppRouter");
  const { createMemoryHistory } = await import("@tanstack/react-router");
  const pending: (() => void)[] = [];
  let inFlight = 0;
  let peak = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          inFlight += 1;
          peak = Math.max(peak, inFlight);
          pending.push(() => {
            inFlight -= 1;
            resolve(
              Response.json({
                code: 0,
                data: { list: [], total: 0, page: 1, pageSize: 10 },
                msg: "ok",
              }),
            );
          });
        }),
    ),
  );
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: ["/terms-of-service"] }),
  });
  const targets: string[] = [
    "/templeStyle",
    "/dynamicFamily",
    "/fateTogether",
    "/privacy-policy",
    "/services",
    "/productDetails/12",
    "/monk/7",
    "/en/templeStyle",
  ];
  let settled = 0;
  const preloads = targets.map((href) =>
    router.preloadRoute({ to: href }).finally(() => {
      settled += 1;
    }),
  );
  await vi.waitFor(() => {
    expect(inFlight).toBe(4);
  });
  while (settled < targets.length) {
    pending.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(inFlight).toBeLessThanOrEqual(4);
  }
  await Promise.all(preloads);
  expect(peak).toBe(4);
  expect(vi.mocked(fetch).mock.calls.length).toBe(targets.length);
  vi.unstubAllGlobals();
});
