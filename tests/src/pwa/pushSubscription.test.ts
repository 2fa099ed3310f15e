// The tab's Web Push rules against a fake browser and a fake push API: support (WeChat, no
// PushManager), permission first, subscribe with the server's key, a taken endpoint replaced once,
// turning off, sign-out, and the refresh after sign-in.
import type { PushApi, PushSubscriptionBody } from "../../../src/pwa/pushApi";
import {
  base64UrlBytes,
  disablePush,
  dropBrowserSubscription,
  enablePush,
  readPushState,
  refreshPushSubscription,
  SUBSCRIBE_TIMEOUT_MS,
} from "../../../src/pwa/pushSubscription";
import { FakePushBrowser } from "../../support/ui/pwa/fakePushBrowser";

const SERVER_KEY =
  "BOrN3ZJpQyV8qWd2Lx4R3G0aQZ-u8b9xkH0l6c7mV2eT1sWq5yXk3zRj9pLd8fN4hG6tY2uI0oP7aS1dF3gH5jK";

class FakePushServer implements PushApi {
  readonly saved = new Map<string, PushSubscriptionBody>();
  /** Endpoints another account holds. */
  readonly taken = new Set<string>();
  readonly calls: string[] = [];
  failing = false;

  publicKey(): Promise<string> {
    this.calls.push("key");
    return this.failing
      ? Promise.reject(new Error("down"))
      : Promise.resolve(SERVER_KEY);
  }
  subscribe(body: PushSubscriptionBody) {
    this.calls.push(`subscribe ${body.endpoint}`);
    if (this.failing) return Promise.reject(new Error("down"));
    if (this.taken.has(body.endpoint)) return Promise.resolve("taken" as const);
    this.saved.set(body.endpoint, body);
    return Promise.resolve("saved" as const);
  }
  unsubscribe(endpoint: string): Promise<void> {
    this.calls.push(`unsubscribe ${endpoint}`);
    this.saved.delete(endpoint);
    return Promise.resolve();
  }
  status(endpoint: string) {
    this.calls.push(`status ${endpoint}`);
    if (this.failing) return Promise.reject(new Error("down"));
    return Promise.resolve({
      subscriptions: this.saved.size,
      session: this.saved.size,
      endpoint: this.saved.has(endpoint),
    });
  }
}

let browser: FakePushBrowser;
let server: FakePushServer;

beforeEach(() => {
  browser = new FakePushBrowser();
  server = new FakePushServer();
});

describe("push state", () => {
  it("is unsupported in WeChat's browser and without the Push API, without asking anything", async () => {
    browser.userAgent =
      "Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 MicroMessenger/8.0.49 NetType/WIFI";
    expect(await readPushState(browser.env(), server)).toBe("wechat");
    browser.userAgent = "Mozilla/5.0";
    browser.hasPushApi = false;
    expect(await readPushState(browser.env(), server)).toBe("unsupported");
    expect(await enablePush(browser.env(), server)).toEqual({
      ok: false,
      failure: "PUSH_SERVICE",
      state: "unsupported",
    });
    expect(browser.prompts).toBe(0);
    expect(server.calls).toEqual([]);
  });

  it("is on only when this browser's subscription is known to the server", async () => {
    expect(await readPushState(browser.env(), server)).toBe("off");
    browser.permission = "denied";
    expect(await readPushState(browser.env(), server)).toBe("denied");
    browser.permission = "granted";
    expect((await enablePush(browser.env(), server)).ok).toBe(true);
    expect(await readPushState(browser.env(), server)).toBe("on");
    server.saved.clear();
    expect(await readPushState(browser.env(), server)).toBe("off");
    server.failing = true;
    expect(await readPushState(browser.env(), server)).toBe("on");
  });
});

describe("enablePush", () => {
  it("asks permission first, subscribes with the server's key and registers the subscription", async () => {
    const result = await enablePush(browser.env(), server);
    expect(result).toEqual({ ok: true });
    expect(browser.prompts).toBe(1);
    const sub = browser.current!;
    expect(new Uint8Array(sub.options.applicationServerKey!)).toEqual(
      base64UrlBytes(SERVER_KEY),
    );
    expect(base64UrlBytes(SERVER_KEY)).toHaveLength(65);
    expect([...server.saved.values()]).toEqual([
      { endpoint: sub.endpoint, keys: sub.toJSON().keys },
    ]);
  });

  it("stops at a refused or dismissed permission prompt", async () => {
    browser.promptAnswer = "denied";
    expect(await enablePush(browser.env(), server)).toEqual({
      ok: false,
      failure: "NOT_ALLOWED",
      state: "denied",
    });
    browser.permission = "default";
    browser.promptAnswer = "default";
    expect(await enablePush(browser.env(), server)).toEqual({
      ok: false,
      failure: "NOT_ALLOWED",
      state: "off",
    });
    expect(server.calls).toEqual([]);
  });

  it("reports a missing service worker, a failing push service and a failing server", async () => {
    browser.serviceWorker = false;
    expect(await enablePush(browser.env(), server)).toMatchObject({
      failure: "NO_SERVICE_WORKER",
    });
    browser.serviceWorker = true;
    browser.subscribeError = new DOMException(
      "Registration failed - push service not available",
      "AbortError",
    );
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(await enablePush(browser.env(), server)).toMatchObject({
      failure: "PUSH_SERVICE",
    });
    warn.mockRestore();
    browser.subscribeError = null;
    server.failing = true;
    expect(await enablePush(browser.env(), server)).toMatchObject({
      failure: "SERVER",
      state: "off",
    });
  });

  it("gives up on a push service that never answers", async () => {
    vi.useFakeTimers();
    try {
      browser.subscribeHangs = true;
      const warn = vi
        .spyOn(console, "warn")
        .mockImplementation(() => undefined);
      const result = enablePush(browser.env(), server);
      await vi.advanceTimersByTimeAsync(SUBSCRIBE_TIMEOUT_MS - 1);
      let settled = false;
      void result.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await result).toEqual({
        ok: false,
        failure: "PUSH_SERVICE",
        state: "off",
      });
      warn.mockRestore();
      expect(server.saved.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("replaces an endpoint another account holds with a fresh one, once", async () => {
    server.taken.add("https://push.example/ep/1");
    expect(await enablePush(browser.env(), server)).toEqual({ ok: true });
    expect([...server.saved.keys()]).toEqual(["https://push.example/ep/2"]);
    server.taken.add("https://push.example/ep/3");
    server.taken.add("https://push.example/ep/4");
    await browser.current!.unsubscribe();
    expect(await enablePush(browser.env(), server)).toMatchObject({
      ok: false,
      failure: "SERVER",
    });
  });

  it("drops a subscription made for another server key", async () => {
    await browser.manager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: new Uint8Array(65),
    });
    const old = browser.current!;
    browser.permission = "granted";
    expect(await enablePush(browser.env(), server)).toEqual({ ok: true });
    expect(old.unsubscribed).toBe(true);
    expect(browser.current).not.toBe(old);
  });
});

describe("turning off and signing out", () => {
  it("disablePush tells the server and drops the browser's subscription", async () => {
    await enablePush(browser.env(), server);
    const endpoint = browser.current!.endpoint;
    await disablePush(browser.env(), server);
    expect(server.calls).toContain(`unsubscribe ${endpoint}`);
    expect(server.saved.size).toBe(0);
    expect(browser.current).toBeNull();
  });

  it("dropBrowserSubscription unsubscribes the browser only", async () => {
    await enablePush(browser.env(), server);
    const calls = server.calls.length;
    await dropBrowserSubscription(browser.env());
    expect(browser.current).toBeNull();
    expect(server.calls).toHaveLength(calls);
  });

  it("refreshes a live subscription after sign-in, and leaves others alone", async () => {
    await enablePush(browser.env(), server);
    const endpoint = browser.current!.endpoint;
    server.calls.length = 0;
    await refreshPushSubscription(browser.env(), server);
    expect(server.calls).toEqual([
      `status ${endpoint}`,
      `subscribe ${endpoint}`,
    ]);
    server.saved.clear();
    server.calls.length = 0;
    await refreshPushSubscription(browser.env(), server);
    expect(server.calls).toEqual([`status ${endpoint}`]);
  });
});
