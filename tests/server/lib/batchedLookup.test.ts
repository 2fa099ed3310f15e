// batchedLookup: a lone call is one query at once; calls made while a query runs share the next.
import { batchedLookup } from "../../../server/lib/batchedLookup";

function recordingFetch() {
  const batches: string[][] = [];
  let release: () => void = () => undefined;
  let gate: Promise<void> = Promise.resolve();
  return {
    batches,
    /** Holds every query until `open()`. */
    hold() {
      gate = new Promise((resolve) => {
        release = resolve;
      });
    },
    open() {
      release();
    },
    fetch: async (keys: readonly string[]) => {
      batches.push([...keys]);
      await gate;
      return new Map(
        keys.filter((k) => !k.startsWith("missing")).map((k) => [k, `v:${k}`]),
      );
    },
  };
}

it("looks a lone key up at once, and a missing key is undefined", async () => {
  const rec = recordingFetch();
  const lookup = batchedLookup(rec.fetch);
  await expect(lookup("a")).resolves.toBe("v:a");
  await expect(lookup("missing-b")).resolves.toBeUndefined();
  expect(rec.batches).toEqual([["a"], ["missing-b"]]);
});

it("sends the keys asked for while a query runs together in the next one, each key once", async () => {
  const rec = recordingFetch();
  rec.hold();
  const lookup = batchedLookup(rec.fetch);
  const first = lookup("k0");
  await Promise.resolve();
  await Promise.resolve();
  const rest = Array.from({ length: 100 }, (_, i) =>
    lookup(`k${String(i % 50)}`),
  );
  rec.open();
  expect(await first).toBe("v:k0");
  expect(await Promise.all(rest)).toEqual(
    Array.from({ length: 100 }, (_, i) => `v:k${String(i % 50)}`),
  );
  expect(rec.batches).toHaveLength(2);
  expect(rec.batches[0]).toEqual(["k0"]);
  expect(rec.batches[1]).toHaveLength(50);
});

it("keeps batches at most maxBatch keys", async () => {
  const rec = recordingFetch();
  const lookup = batchedLookup(rec.fetch, 10);
  const all = Array.from({ length: 35 }, (_, i) => lookup(`k${String(i)}`));
  await Promise.all(all);
  expect(rec.batches.map((b) => b.length)).toEqual([10, 10, 10, 5]);
});

it("fails only the calls of a failed query; the next batch goes on", async () => {
  let calls = 0;
  const lookup = batchedLookup((keys: readonly string[]) => {
    calls += 1;
    if (calls === 1) return Promise.reject(new Error("database down"));
    return Promise.resolve(new Map(keys.map((k) => [k, k.toUpperCase()])));
  }, 2);
  const results = await Promise.allSettled([
    lookup("a"),
    lookup("b"),
    lookup("c"),
  ]);
  expect(results.map((r) => r.status)).toEqual([
    "rejected",
    "rejected",
    "fulfilled",
  ]);
  await expect(lookup("d")).resolves.toBe("D");
});
