// The stale-chunk recovery: one reload per path within 10 s, never a loop, and only for chunk errors.
import { describe, expect, test, vi } from "vitest";
import {
  CHUNK_RELOAD_WINDOW_MS,
  claimChunkReload,
  installPreloadErrorGuard,
  isChunkLoadError,
  reloadForChunkError,
} from "../../../src/pwa/chunkReloadGuard";

function memoryStorage(): Pick<Storage, "getItem" | "setItem"> {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, value);
    },
  };
}

describe("isChunkLoadError", () => {
  test.each([
    "Failed to fetch dynamically imported module: http://localhost/assets/news-1.js",
    "error loading dynamically imported module",
    "Importing a module script failed.",
    "Unable to preload CSS for /assets/x.css",
  ])("recognises %s", (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });
  test("ignores other errors", () => {
    expect(isChunkLoadError(new Error("Network request failed: 500"))).toBe(
      false,
    );
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe("claimChunkReload", () => {
  test("allows one reload per path within the window, then again after it", () => {
    const storage = memoryStorage();
    const t0 = 1_000_000;
    expect(claimChunkReload("/news", storage, t0)).toBe(true);
    expect(claimChunkReload("/news", storage, t0 + 5_000)).toBe(false);
    expect(claimChunkReload("/temples", storage, t0 + 5_000)).toBe(true);
    expect(
      claimChunkReload("/news", storage, t0 + CHUNK_RELOAD_WINDOW_MS - 1),
    ).toBe(false);
    expect(
      claimChunkReload("/news", storage, t0 + CHUNK_RELOAD_WINDOW_MS),
    ).toBe(true);
  });
});

describe("reloadForChunkError", () => {
  test("reloads once for a missing chunk and not a second time (no loop)", () => {
    const env = {
      location: { pathname: "/destiny", reload: vi.fn() },
      sessionStorage: memoryStorage(),
    };
    const error = new TypeError(
      "Failed to fetch dynamically imported module: /assets/destiny-old.js",
    );
    expect(reloadForChunkError(error, env)).toBe(true);
    expect(reloadForChunkError(error, env)).toBe(false);
    expect(env.location.reload).toHaveBeenCalledTimes(1);
  });
  test("does not reload for an ordinary route error", () => {
    const env = {
      location: { pathname: "/destiny", reload: vi.fn() },
      sessionStorage: memoryStorage(),
    };
    expect(reloadForChunkError(new Error("404"), env)).toBe(false);
    expect(env.location.reload).not.toHaveBeenCalled();
  });
});

describe("installPreloadErrorGuard", () => {
  function setup(navigatingTo: string | null) {
    const target = new EventTarget() as unknown as Window;
    const env = {
      location: { pathname: "/", reload: vi.fn(), assign: vi.fn() },
      sessionStorage: memoryStorage(),
    };
    installPreloadErrorGuard(target, () => navigatingTo, env);
    const fire = () => {
      const event = new Event("vite:preloadError", { cancelable: true });
      target.dispatchEvent(event);
      return event.defaultPrevented;
    };
    return { env, fire };
  }

  test("during a navigation: loads the destination once per path, never twice", () => {
    const { env, fire } = setup("/news?page=2");
    expect(fire()).toBe(true);
    expect(env.location.assign).toHaveBeenCalledWith("/news?page=2");
    // Back on /news after the load, the chunk is still missing: no second load.
    env.location.pathname = "/news";
    const consoleError = vi
      .spyOn(console, "error")
      .mockImplementation(() => undefined);
    fire();
    expect(consoleError).toHaveBeenCalledTimes(1);
    consoleError.mockRestore();
    expect(env.location.assign).toHaveBeenCalledTimes(1);
    expect(env.location.reload).not.toHaveBeenCalled();
  });

  test("reloads in place when the navigation target is the current path", () => {
    const { env, fire } = setup("/");
    expect(fire()).toBe(true);
    expect(env.location.reload).toHaveBeenCalledTimes(1);
  });

  test("ignores a failed intent preload (no navigation): no reload under the pointer", () => {
    const { env, fire } = setup(null);
    expect(fire()).toBe(false);
    expect(env.location.reload).not.toHaveBeenCalled();
    expect(env.location.assign).not.toHaveBeenCalled();
  });
});
