// Issue #8 (product spec, "Offline"): an app started while the server is unreachable (no network,
// server down) keeps its session. It used to clear the tokens (and the messenger deleted the IM
// database) when user/v1/info failed; only a real 401 whose refresh is refused may end a session.
import { cleanup, screen, waitFor } from "@testing-library/react";
import { ApiError } from "../../../src/api/ApiError";
import {
  apiRequest,
  setTokenRefresher,
  setUnauthorizedHandler,
} from "../../../src/api/client";
import { restoreSession } from "../../../src/session/authSession";
import {
  RESTORE_RETRY_MAX_MS,
  RESTORE_RETRY_MIN_MS,
  restoreUntilReachable,
} from "../../../src/session/restoreUntilReachable";
import { addSessionListener } from "../../../src/session/sessionListeners";
import { refreshAfterUnauthorized } from "../../../src/session/tokenRefresh";
import { clearSession, saveTokens, session } from "../../../src/state/session";
import type { RestoreOutcome } from "../../../src/session/authSession";
import { installFakeApi, type FakeApi } from "../../support/ui/fakeApi";
import { renderApp, resetApp, signIn } from "../../support/ui/renderApp";

const STORED_KEYS = [
  "fy_access_token",
  "fy_refresh_token",
  "fy_im_uid",
  "fy_im_token",
  "fy_access_expires_at",
] as const;

let api: FakeApi;
const resumed = vi.fn();
const signedOut = vi.fn();
let removeListener: () => void;

/** The fake server behind a network that can be cut: while cut, every fetch rejects like Chromium's. */
function cuttableNetwork(): { cut: () => void; restore: () => void } {
  const server = globalThis.fetch;
  let down = false;
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
    down
      ? Promise.reject(new TypeError("Failed to fetch"))
      : server(input, init),
  );
  return {
    cut: () => {
      down = true;
    },
    restore: () => {
      down = false;
    },
  };
}

/** A session as an earlier visit left it: tokens plus the IM credentials of its user info. */
function storedSession(): Record<string, string | null> {
  signIn(api);
  saveTokens({ imUid: "u_42", imToken: "im-token-1" });
  return Object.fromEntries(
    STORED_KEYS.map((key) => [key, localStorage.getItem(key)]),
  );
}

function storedNow(): Record<string, string | null> {
  return Object.fromEntries(
    STORED_KEYS.map((key) => [key, localStorage.getItem(key)]),
  );
}

beforeEach(() => {
  api = installFakeApi();
  resumed.mockReset();
  signedOut.mockReset();
  removeListener = addSessionListener({ resumed, signedOut });
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

afterEach(() => {
  removeListener();
  setTokenRefresher(undefined);
  resetApp();
});

describe("restoreSession without the server", () => {
  it("offline: keeps every token, signs nobody out and resumes the messenger with the stored IM credentials", async () => {
    const before = storedSession();
    const network = cuttableNetwork();
    network.cut();

    const outcome = await restoreSession();

    expect(storedNow()).toEqual(before);
    expect(session.isLoggedIn).toBe(true);
    expect(session.accessToken).toBe(before.fy_access_token);
    expect(session.user).toBeNull();
    expect(signedOut).not.toHaveBeenCalled();
    expect(resumed).toHaveBeenCalledWith({
      imId: "u_42",
      imToken: "im-token-1",
    });
    expect(outcome).toBe("unreachable");
  });

  it.each([500, 502, 503])(
    "server failing with %i: keeps the session",
    async (status) => {
      const before = storedSession();
      api.accounts.infoFailure = status;
      const outcome = await restoreSession();
      expect(storedNow()).toEqual(before);
      expect(signedOut).not.toHaveBeenCalled();
      expect(outcome).toBe("unreachable");
    },
  );

  it("once the server answers, the user info loads into the kept session", async () => {
    storedSession();
    const network = cuttableNetwork();
    network.cut();
    await restoreSession();
    network.restore();
    const outcome = await restoreSession();
    expect(session.user?.userId).toBe(42);
    expect(outcome).toBe("restored");
  });

  it("a refused session still ends: 401 and a refused refresh clear everything", async () => {
    storedSession();
    setTokenRefresher(refreshAfterUnauthorized);
    setUnauthorizedHandler(() => undefined);
    api.accounts.expireAccess();
    api.accounts.refuseRefresh = true;
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const outcome = await restoreSession();
    for (const key of STORED_KEYS) expect(localStorage.getItem(key)).toBeNull();
    expect(signedOut).toHaveBeenCalledWith({ imId: "u_42", origin: "local" });
    expect(resumed).not.toHaveBeenCalled();
    expect(outcome).toBe("ended");
  });
});

describe("a 401 whose refresh cannot reach the server", () => {
  it("fails the call as NETWORK and keeps the session (the unauthorized handler does not run)", async () => {
    const before = storedSession();
    setTokenRefresher(refreshAfterUnauthorized);
    const unauthorized = vi.fn();
    setUnauthorizedHandler(unauthorized);
    api.accounts.expireAccess();
    // The access token is refused; the refresh call then finds no network.
    const server = globalThis.fetch;
    // NOTE: the fetch client always passes a string URL.
    vi.stubGlobal("fetch", (input: string, init?: RequestInit) =>
      input.includes("oapi/v1/refreshToken")
        ? Promise.reject(new TypeError("Failed to fetch"))
        : server(input, init),
    );
    const failure = await apiRequest("user/v1/info").catch(
      (error: unknown) => error,
    );
    expect(unauthorized).not.toHaveBeenCalled();
    expect(storedNow()).toEqual(before);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe("NETWORK");
  });
});

describe("in the app", () => {
  it("an offline start stays signed in on a guarded page, twice, and loads the user when the network returns", async () => {
    const before = storedSession();
    const network = cuttableNetwork();
    network.cut();

    const first = renderApp("/my");
    expect(
      await screen.findByText("正在加载账户信息…", undefined, {
        timeout: 5_000,
      }),
    ).toBeDefined();
    await waitFor(() => {
      expect(resumed).toHaveBeenCalled();
    });
    expect(first.router.state.location.pathname).toBe("/my");
    expect(storedNow()).toEqual(before);

    // A second offline start (the reload after the first) is still signed in.
    cleanup();
    resumed.mockReset();
    const second = renderApp("/my");
    await waitFor(() => {
      expect(resumed).toHaveBeenCalled();
    });
    expect(second.router.state.location.pathname).toBe("/my");
    expect(storedNow()).toEqual(before);
    expect(session.isLoggedIn).toBe(true);

    // The network returns: the kept session loads its user at once.
    network.restore();
    window.dispatchEvent(new Event("online"));
    expect(
      await screen.findByRole(
        "heading",
        { name: "善信小林" },
        { timeout: 10_000 },
      ),
    ).toBeDefined();
    expect(second.router.state.location.pathname).toBe("/my");
    expect(signedOut).not.toHaveBeenCalled();
  });
});

describe("restoreUntilReachable", () => {
  afterEach(() => {
    clearSession();
  });

  it("retries an unreachable restore with a doubling delay, at once on `online`, and stops once settled", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const outcomes: RestoreOutcome[] = [
      "unreachable",
      "unreachable",
      "unreachable",
      "restored",
    ];
    const restore = vi.fn(() => Promise.resolve(outcomes.shift() ?? "none"));
    const stop = restoreUntilReachable(window, restore);
    await vi.advanceTimersByTimeAsync(0);
    expect(restore).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(RESTORE_RETRY_MIN_MS - 1);
    expect(restore).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(restore).toHaveBeenCalledTimes(2);

    // The next delay doubled; the network coming back does not wait for it.
    await vi.advanceTimersByTimeAsync(RESTORE_RETRY_MIN_MS);
    expect(restore).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(0);
    expect(restore).toHaveBeenCalledTimes(3);

    await vi.advanceTimersByTimeAsync(RESTORE_RETRY_MIN_MS);
    expect(restore).toHaveBeenCalledTimes(4);
    // Settled ("restored"): no more attempts, not even on `online`.
    await vi.advanceTimersByTimeAsync(RESTORE_RETRY_MAX_MS * 2);
    window.dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(0);
    expect(restore).toHaveBeenCalledTimes(4);
    stop();
  });

  it("never waits longer than the maximum delay, and stop() ends the retries", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const restore = vi.fn(() => Promise.resolve<RestoreOutcome>("unreachable"));
    const stop = restoreUntilReachable(window, restore);
    await vi.advanceTimersByTimeAsync(0);
    // Every doubling delay below the cap, then two capped ones: the last attempt is due exactly now.
    let waited = RESTORE_RETRY_MAX_MS * 2;
    for (
      let delay = RESTORE_RETRY_MIN_MS;
      delay < RESTORE_RETRY_MAX_MS;
      delay *= 2
    )
      waited += delay;
    await vi.advanceTimersByTimeAsync(waited);
    const calls = restore.mock.calls.length;
    await vi.advanceTimersByTimeAsync(RESTORE_RETRY_MAX_MS);
    expect(restore).toHaveBeenCalledTimes(calls + 1);
    stop();
    await vi.advanceTimersByTimeAsync(RESTORE_RETRY_MAX_MS * 3);
    window.dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(0);
    expect(restore).toHaveBeenCalledTimes(calls + 1);
  });
});
