// The content cache (#20): an answer is kept for the TTL, concurrent misses share one load, a
// failed load is not kept, clear() forgets everything, and each database handle has its own.
import {
  CONTENT_CACHE_TTL_MS,
  contentCacheOf,
  createContentCache,
} from "../../../server/domain/content/contentCache";

function clock() {
  let t = 1_000;
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
  };
}

it("keeps an answer for the TTL, then loads it again", async () => {
  const time = clock();
  const cache = createContentCache(1_000, time.now);
  let loads = 0;
  const load = () => Promise.resolve(`answer ${String(++loads)}`);
  expect(await cache.get("home:cn", load)).toBe("answer 1");
  time.advance(999);
  expect(await cache.get("home:cn", load)).toBe("answer 1");
  expect(await cache.get("home:en", load)).toBe("answer 2");
  time.advance(1);
  expect(await cache.get("home:cn", load)).toBe("answer 3");
  expect(loads).toBe(3);
});

it("shares one load among concurrent misses", async () => {
  const cache = createContentCache();
  let loads = 0;
  let finish: (value: string) => void = () => undefined;
  const load = () => {
    loads += 1;
    return new Promise<string>((resolve) => {
      finish = resolve;
    });
  };
  const answers = Promise.all([
    cache.get("product:1:cn", load),
    cache.get("product:1:cn", load),
    cache.get("product:1:cn", load),
  ]);
  finish("one");
  expect(await answers).toEqual(["one", "one", "one"]);
  expect(loads).toBe(1);
});

it("does not keep a failed load, so the next request tries again", async () => {
  const cache = createContentCache();
  const missing = () => Promise.reject(new Error("PRODUCT_NOT_FOUND"));
  await expect(cache.get("product:9:cn", missing)).rejects.toThrow(
    "PRODUCT_NOT_FOUND",
  );
  await Promise.resolve();
  expect(await cache.get("product:9:cn", () => Promise.resolve("now"))).toBe(
    "now",
  );
});

it("forgets everything on clear(), and a load from before it does not come back", async () => {
  const cache = createContentCache();
  let finish: (value: string) => void = () => undefined;
  const before = cache.get(
    "home:cn",
    () =>
      new Promise<string>((resolve) => {
        finish = resolve;
      }),
  );
  cache.clear();
  finish("old");
  expect(await before).toBe("old");
  expect(await cache.get("home:cn", () => Promise.resolve("new"))).toBe("new");
  cache.clear();
  expect(await cache.get("home:cn", () => Promise.resolve("newer"))).toBe(
    "newer",
  );
});

it("gives each database handle its own cache, the same one each time", () => {
  const a = {};
  const b = {};
  expect(contentCacheOf(a)).toBe(contentCacheOf(a));
  expect(contentCacheOf(a)).not.toBe(contentCacheOf(b));
  expect(CONTENT_CACHE_TTL_MS).toBeGreaterThan(0);
});
