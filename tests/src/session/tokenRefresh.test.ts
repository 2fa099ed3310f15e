// Silent refresh: a 401 on an authenticated call triggers one refresh (concurrent 401s share it)
// and one retry; a refused refresh ends the session (→ /login); tokens another tab already
// rotated are adopted instead of reusing a spent refresh token; and a proactive refresh runs
// shortly before expiry.
import { screen, waitFor } from "@testing-library/react";
import {
  apiRequest,
  setTokenRefresher,
  setUnauthorizedHandler,
} from "../../../src/api/client";
import { ApiError } from "../../../src/api/ApiError";
import {
  keepTokenFresh,
  refreshAfterUnauthorized,
  refreshSession,
  REFRESH_LEAD_MAX_MS,
  REFRESH_LOCK_NAME,
} from "../../../src/session/tokenRefresh";
import {
  applyOtherTabChange,
  expireSession,
} from "../../../src/session/authSession";
import {
  clearLedger,
  readLedger,
  recordRotation,
  successorIn,
} from "../../../src/session/refreshLedger";
import { SESSION_CHANNEL_NAME } from "../../../src/session/crossTab";
import {
  clearSession,
  saveTokenPair,
  session,
} from "../../../src/state/session";
import { installFakeApi, type FakeApi } from "../../support/ui/fakeApi";
import { renderApp, resetApp, signIn } from "../../support/ui/renderApp";

let api: FakeApi;

const successorOf = async (refreshToken: string) =>
  successorIn(await readLedger(), refreshToken);
let unauthorized: ReturnType<typeof vi.fn<() => void>>;

describe("the fetch client with the session's refresher", () => {
  beforeEach(() => {
    api = installFakeApi();
    unauthorized = vi.fn<() => void>();
    setUnauthorizedHandler(unauthorized);
    setTokenRefresher(refreshAfterUnauthorized);
    signIn(api);
  });

  afterEach(async () => {
    setTokenRefresher(undefined);
    clearSession();
    await clearLedger();
    localStorage.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it("refreshes once for concurrent 401s, then retries each call once with the new token", async () => {
    const before = session.accessToken;
    api.accounts.expireAccess();
    const results = await Promise.all([
      apiRequest("user/v1/info"),
      apiRequest("user/v1/info"),
      apiRequest("user/v1/info"),
    ]);
    expect(results.map((user) => (user as { userId: number }).userId)).toEqual([
      42, 42, 42,
    ]);
    expect(api.accounts.callsTo("oapi/v1/refreshToken")).toHaveLength(1);
    const infos = api.accounts.callsTo("user/v1/info");
    expect(infos).toHaveLength(6);
    expect(
      infos
        .slice(0, 3)
        .every(
          (call) => call.headers.get("Authorization") === `Bearer ${before}`,
        ),
    ).toBe(true);
    expect(
      infos
        .slice(3)
        .every(
          (call) =>
            call.headers.get("Authorization") ===
            `Bearer ${session.accessToken}`,
        ),
    ).toBe(true);
    expect(session.accessToken).not.toBe(before);
    expect(localStorage.getItem("fy_access_token")).toBe(session.accessToken);
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it("sends no token and never refreshes for anonymous calls", async () => {
    api.accounts.expireAccess();
    await expect(
      apiRequest("oapi/v1/phoneLogin", {
        method: "POST",
        body: { account: "13800000001", code: "000000" },
        anonymous: true,
      }),
    ).rejects.toMatchObject({ status: 400 });
    expect(
      api.accounts
        .callsTo("oapi/v1/phoneLogin")[0]
        ?.headers.has("Authorization"),
    ).toBe(false);
    expect(api.accounts.callsTo("oapi/v1/refreshToken")).toHaveLength(0);
  });

  it("a refused refresh calls the unauthorized handler and rejects", async () => {
    api.accounts.expireAccess();
    api.accounts.refuseRefresh = true;
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const error = await apiRequest("user/v1/info").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("UNAUTHORIZED");
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(api.accounts.callsTo("user/v1/info")).toHaveLength(1);
  });

  it("adopts the tokens another tab already rotated instead of reusing the spent refresh token", async () => {
    const fromOtherTab = api.accounts.issue();
    localStorage.setItem("fy_access_token", fromOtherTab.app_token);
    localStorage.setItem("fy_refresh_token", fromOtherTab.refresh_token);
    const stale = session.accessToken;
    api.accounts.access.delete(stale!);
    await expect(apiRequest("user/v1/info")).resolves.toMatchObject({
      userId: 42,
    });
    expect(api.accounts.callsTo("oapi/v1/refreshToken")).toHaveLength(0);
    expect(session.accessToken).toBe(fromOtherTab.app_token);
  });

  it("takes the successor another tab recorded under the lock, though localStorage still holds the spent token", async () => {
    // Chromium copies localStorage between tab processes asynchronously: the tab granted the lock
    // after another tab's refresh may still read the spent refresh token there.
    const spent = session.refreshToken!;
    const theirs = api.accounts.issue();
    await recordRotation(spent, {
      accessToken: theirs.app_token,
      refreshToken: theirs.refresh_token,
      accessExpiresAt: Date.now() + 900_000,
    });
    expect(localStorage.getItem("fy_refresh_token")).toBe(spent);
    api.accounts.access.delete(session.accessToken!);
    await expect(apiRequest("user/v1/info")).resolves.toMatchObject({
      userId: 42,
    });
    expect(api.accounts.callsTo("oapi/v1/refreshToken")).toHaveLength(0);
    expect(session.refreshToken).toBe(theirs.refresh_token);
    expect(session.accessToken).toBe(theirs.app_token);
  });

  it("never goes back to tokens the ledger knows as spent that localStorage still shows", async () => {
    // This tab heard another tab's rotation (memory only) before its localStorage caught up.
    const spent = session.refreshToken!;
    const theirs = api.accounts.issue();
    const rotated = {
      accessToken: theirs.app_token,
      refreshToken: theirs.refresh_token,
      accessExpiresAt: Date.now() + 900_000,
    };
    await recordRotation(spent, rotated);
    applyOtherTabChange({
      type: "refreshed",
      tokens: { ...rotated, imUid: null, imToken: null },
    });
    expect(localStorage.getItem("fy_refresh_token")).toBe(spent);
    api.accounts.access.delete(theirs.app_token);
    await expect(apiRequest("user/v1/info")).resolves.toMatchObject({
      userId: 42,
    });
    expect(api.accounts.callsTo("oapi/v1/refreshToken")).toHaveLength(1);
    expect(session.refreshToken).not.toBe(spent);
    expect(session.refreshToken).not.toBe(theirs.refresh_token);
  });

  it("records each rotation for the other tabs before announcing it; an ended session clears the record", async () => {
    const spent = session.refreshToken!;
    expect(await successorOf(spent)).toBeNull();
    await expect(refreshSession()).resolves.toBe("refreshed");
    expect(api.accounts.callsTo("oapi/v1/refreshToken")).toHaveLength(1);
    expect(await successorOf(spent)).toEqual({
      accessToken: session.accessToken,
      refreshToken: session.refreshToken,
      accessExpiresAt: session.accessExpiresAt,
    });
    // The current refresh token is not spent: its holder may use it.
    expect(await successorOf(session.refreshToken!)).toBeNull();

    expireSession();
    await vi.waitFor(async () => {
      expect(await successorOf(spent)).toBeNull();
    });
  });

  it("waits for the browser-wide lock, and skips the call when another tab refreshed meanwhile", async () => {
    let grant: () => void = () => undefined;
    const granted = new Promise<void>((resolve) => {
      grant = resolve;
    });
    const request = vi.fn((_name: string, task: () => Promise<unknown>) =>
      granted.then(task),
    );
    Object.defineProperty(navigator, "locks", {
      value: { request },
      configurable: true,
    });
    try {
      const outcome = refreshSession();
      expect(request).toHaveBeenCalledWith(
        REFRESH_LOCK_NAME,
        expect.any(Function),
      );
      const theirs = api.accounts.issue();
      applyOtherTabChange({
        type: "refreshed",
        tokens: {
          accessToken: theirs.app_token,
          refreshToken: theirs.refresh_token,
          imUid: null,
          imToken: null,
          accessExpiresAt: Date.now() + 900_000,
        },
      });
      grant();
      await expect(outcome).resolves.toBe("refreshed");
      expect(api.accounts.callsTo("oapi/v1/refreshToken")).toHaveLength(0);
      expect(session.accessToken).toBe(theirs.app_token);
    } finally {
      Reflect.deleteProperty(navigator, "locks");
    }
  });

  it("refreshes proactively shortly before expiry and tells the other tabs", async () => {
    const otherTab = new BroadcastChannel(SESSION_CHANNEL_NAME);
    const heard: unknown[] = [];
    otherTab.onmessage = (event: MessageEvent) => heard.push(event.data);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    saveTokenPair(api.accounts.issue());
    const first = session.accessToken;
    const onExpired = vi.fn();
    const stop = keepTokenFresh(onExpired);

    await vi.advanceTimersByTimeAsync(900_000 - REFRESH_LEAD_MAX_MS - 1);
    expect(api.accounts.callsTo("oapi/v1/refreshToken")).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    // NOTE: waitFor, because the refresh first reads the ledger in (fake) IndexedDB.
    await vi.waitFor(() => {
      expect(session.accessToken).not.toBe(first);
    });
    expect(api.accounts.callsTo("oapi/v1/refreshToken")).toHaveLength(1);
    // re-armed for the new token
    await vi.advanceTimersByTimeAsync(900_000 - REFRESH_LEAD_MAX_MS);
    await vi.waitFor(() => {
      expect(api.accounts.callsTo("oapi/v1/refreshToken")).toHaveLength(2);
    });
    expect(onExpired).not.toHaveBeenCalled();
    stop();
    vi.useRealTimers();
    await vi.waitFor(() => {
      expect(heard).toContainEqual({
        id: expect.any(String),
        event: {
          type: "refreshed",
          tokens: expect.objectContaining({ accessToken: session.accessToken }),
        },
      });
    });
    otherTab.close();
  });

  it("a short-lived token is refreshed before it runs out", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    api.accounts.expiresIn = 3;
    saveTokenPair(api.accounts.issue());
    const expiresAt = session.accessExpiresAt!;
    const stop = keepTokenFresh(vi.fn());
    await vi.advanceTimersByTimeAsync(2_500);
    await vi.waitFor(() => {
      expect(api.accounts.callsTo("oapi/v1/refreshToken")).toHaveLength(1);
    });
    expect(Date.now()).toBeLessThan(expiresAt);
    stop();
  });

  it("a refused proactive refresh reports the session as expired", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    api.accounts.refuseRefresh = true;
    saveTokenPair(api.accounts.issue());
    const onExpired = vi.fn();
    const stop = keepTokenFresh(onExpired);
    await vi.advanceTimersByTimeAsync(900_000);
    expect(onExpired).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe("in the app", () => {
  afterEach(resetApp);

  it("an expired access token is refreshed silently at start-up", async () => {
    api = installFakeApi();
    signIn(api);
    api.accounts.expireAccess();
    renderApp("/my");
    expect(
      await screen.findByRole("heading", { name: "善信小林" }),
    ).toBeDefined();
    expect(api.accounts.callsTo("oapi/v1/refreshToken")).toHaveLength(1);
  });

  it("a refused refresh clears the session and goes to /login?redirect=<current>", async () => {
    api = installFakeApi();
    signIn(api);
    api.accounts.expireAccess();
    api.accounts.refuseRefresh = true;
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { router } = renderApp("/en/my");
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/en/login");
    });
    expect(router.state.location.search).toEqual({ redirect: "/en/my" });
    expect(session.isLoggedIn).toBe(false);
    expect(localStorage.getItem("fy_refresh_token")).toBeNull();
  });
});

describe("on the login page", () => {
  afterEach(resetApp);

  it("an ended session keeps the user on /login with its redirect", async () => {
    api = installFakeApi();
    signIn(api);
    api.accounts.expireAccess();
    api.accounts.refuseRefresh = true;
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { router } = renderApp("/login?redirect=%2Fdestiny");
    await waitFor(() => {
      expect(session.isLoggedIn).toBe(false);
    });
    expect(
      await screen.findByRole("heading", { level: 1, name: "登录" }),
    ).toBeDefined();
    expect(router.state.location.pathname).toBe("/login");
    expect(router.state.location.search).toEqual({ redirect: "/destiny" });
  });
});
