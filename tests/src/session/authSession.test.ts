// The session lifecycle against the fake accounts server: login → tokens saved → user info; an info
// failure at login clears everything and rethrows; start-up restore (ended only by a refused session);
// logout clears after 1000 ms (fake timers) even when the call fails; the messenger seam at each step.
import {
  applyOtherTabChange,
  completeLogin,
  expireSession,
  LOGOUT_CLEAR_DELAY_MS,
  OTHER_TAB_SIGN_OUT_HOLD_MS,
  logout,
  logoutEverywhere,
  restoreSession,
} from "../../../src/session/authSession";
import { ApiError } from "../../../src/api/ApiError";
import { setTokenRefresher } from "../../../src/api/client";
import { addSessionListener } from "../../../src/session/sessionListeners";
import { refreshAfterUnauthorized } from "../../../src/session/tokenRefresh";
import { SESSION_CHANNEL_NAME } from "../../../src/session/crossTab";
import { clearSession, session } from "../../../src/state/session";
import { installFakeApi, type FakeApi } from "../../support/ui/fakeApi";
import { makeUser } from "../../support/ui/fakeAccounts";
import { signIn } from "../../support/ui/renderApp";

let api: FakeApi;
let otherTab: BroadcastChannel;
let heard: unknown[];
const userLoaded = vi.fn();
const signedOut = vi.fn();
let removeListener: () => void;

beforeEach(() => {
  api = installFakeApi();
  setTokenRefresher(refreshAfterUnauthorized);
  heard = [];
  otherTab = new BroadcastChannel(SESSION_CHANNEL_NAME);
  otherTab.onmessage = (event: MessageEvent) => heard.push(event.data);
  userLoaded.mockReset();
  signedOut.mockReset();
  removeListener = addSessionListener({ userLoaded, signedOut });
});

afterEach(() => {
  removeListener();
  otherTab.close();
  setTokenRefresher(undefined);
  clearSession();
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function until(check: () => void): Promise<void> {
  await vi.waitFor(check, { timeout: 1000 });
}

describe("login", () => {
  it("saves the tokens, then fetches user/v1/info with them, then tells the messenger and the other tabs", async () => {
    const pair = api.accounts.issue();
    const user = await completeLogin(pair);

    expect(user).toEqual(api.accounts.user);
    expect(localStorage.getItem("fy_access_token")).toBe(pair.app_token);
    expect(localStorage.getItem("fy_refresh_token")).toBe(pair.refresh_token);
    expect(
      Number(localStorage.getItem("fy_access_expires_at")),
    ).toBeGreaterThan(Date.now());
    expect(localStorage.getItem("fy_im_uid")).toBe("u_42");
    expect(localStorage.getItem("fy_im_token")).toBe("im-token-1");
    const [info] = api.accounts.callsTo("user/v1/info");
    expect(info?.headers.get("Authorization")).toBe(`Bearer ${pair.app_token}`);
    expect(session.user?.nickname).toBe("善信小林");
    expect(userLoaded).toHaveBeenCalledWith(
      expect.objectContaining({ imId: "u_42", imToken: "im-token-1" }),
    );
    await until(() => {
      expect(heard).toContainEqual({
        id: expect.any(String),
        event: expect.objectContaining({
          type: "login",
          user: expect.objectContaining({ userId: 42 }),
        }),
      });
    });
  });

  it("an info failure clears all user state and tokens and rethrows", async () => {
    api.accounts.infoFailure = 500;
    const consoleError = vi
      .spyOn(console, "error")
      .mockImplementation(() => undefined);
    await expect(completeLogin(api.accounts.issue())).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(session.isLoggedIn).toBe(false);
    expect(session.user).toBeNull();
    for (const key of [
      "fy_access_token",
      "fy_refresh_token",
      "fy_im_uid",
      "fy_im_token",
      "fy_access_expires_at",
    ])
      expect(localStorage.getItem(key)).toBeNull();
    expect(userLoaded).not.toHaveBeenCalled();
    expect(signedOut).toHaveBeenCalledWith({ imId: null, origin: "local" });
    consoleError.mockRestore();
  });

  it("a throwing messenger listener does not break the login", async () => {
    const consoleError = vi
      .spyOn(console, "error")
      .mockImplementation(() => undefined);
    const remove = addSessionListener({
      userLoaded: () => {
        throw new Error("IM down");
      },
    });
    await expect(completeLogin(api.accounts.issue())).resolves.toMatchObject({
      userId: 42,
    });
    expect(session.user).not.toBeNull();
    expect(consoleError).toHaveBeenCalledWith(
      "Session listener failed",
      expect.any(Error),
    );
    remove();
  });
});

describe("start-up restore", () => {
  it("does nothing without a stored token", async () => {
    await restoreSession();
    expect(api.accounts.calls).toHaveLength(0);
  });

  it("loads the user info for a stored token", async () => {
    signIn(api);
    await expect(restoreSession()).resolves.toBe("restored");
    expect(session.user?.userId).toBe(42);
    expect(userLoaded).toHaveBeenCalledTimes(1);
  });

  it("clears everything when the server refuses the session (401, refresh refused)", async () => {
    signIn(api);
    api.accounts.expireAccess();
    api.accounts.refuseRefresh = true;
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const consoleError = vi
      .spyOn(console, "error")
      .mockImplementation(() => undefined);
    await expect(restoreSession()).resolves.toBe("ended");
    expect(session.isLoggedIn).toBe(false);
    expect(localStorage.getItem("fy_access_token")).toBeNull();
    expect(localStorage.getItem("fy_refresh_token")).toBeNull();
    expect(consoleError).toHaveBeenCalledWith(
      "Session restore failed",
      expect.any(ApiError),
    );
  });

  // NOTE: the offline cases (issue 8) are in issue-8-offline-start.test.ts.
  it("keeps the session when the server fails (503)", async () => {
    signIn(api);
    api.accounts.infoFailure = 503;
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await expect(restoreSession()).resolves.toBe("unreachable");
    expect(session.isLoggedIn).toBe(true);
    expect(localStorage.getItem("fy_refresh_token")).not.toBeNull();
    expect(signedOut).not.toHaveBeenCalled();
  });
});

describe("logout", () => {
  beforeEach(async () => {
    await completeLogin(api.accounts.issue());
    heard.length = 0;
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  });

  it("calls user/v1/loginOut, then clears user state and tokens after 1000 ms", async () => {
    const done = logout();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.accounts.callsTo("user/v1/loginOut")).toHaveLength(1);
    expect(session.signingOut).toBe(true);

    await vi.advanceTimersByTimeAsync(LOGOUT_CLEAR_DELAY_MS - 1);
    expect(session.isLoggedIn).toBe(true);
    expect(session.user).not.toBeNull();
    expect(localStorage.getItem("fy_access_token")).not.toBeNull();
    expect(signedOut).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(LOGOUT_CLEAR_DELAY_MS).toBe(1000);
    expect(session.isLoggedIn).toBe(false);
    expect(session.user).toBeNull();
    expect(session.signingOut).toBe(false);
    for (const key of [
      "fy_access_token",
      "fy_refresh_token",
      "fy_im_uid",
      "fy_im_token",
    ])
      expect(localStorage.getItem(key)).toBeNull();
    expect(signedOut).toHaveBeenCalledWith({ imId: "u_42", origin: "local" });
    vi.useRealTimers();
    await until(() => {
      expect(heard).toContainEqual({
        id: expect.any(String),
        event: { type: "logout" },
      });
    });
  });

  it("a failed logout call is only logged; the clearing still happens", async () => {
    api.accounts.logoutFailure = 500;
    const consoleError = vi
      .spyOn(console, "error")
      .mockImplementation(() => undefined);
    const done = logout();
    await vi.advanceTimersByTimeAsync(LOGOUT_CLEAR_DELAY_MS);
    await done;
    expect(consoleError).toHaveBeenCalledWith(
      "Logout failed",
      expect.any(ApiError),
    );
    expect(session.isLoggedIn).toBe(false);
    expect(localStorage.getItem("fy_refresh_token")).toBeNull();
  });

  it("sign out everywhere calls user/v1/logoutAll and clears after 1000 ms", async () => {
    const done = logoutEverywhere();
    await vi.advanceTimersByTimeAsync(999);
    expect(api.accounts.callsTo("user/v1/logoutAll")).toHaveLength(1);
    expect(session.isLoggedIn).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(session.isLoggedIn).toBe(false);
  });

  it("tells the other tabs it is signing out, so they hold their session for the delay", async () => {
    vi.useRealTimers();
    const done = logout();
    await done;
    await until(() => {
      expect(heard).toContainEqual({
        id: expect.any(String),
        event: { type: "signingOut", active: true },
      });
    });
  });

  it("while another tab signs out, a refused session does not clear this tab early; the hold ends", () => {
    applyOtherTabChange({ type: "signingOut", active: true });
    expect(session.signingOut).toBe(true);
    // The server revoked the session at once: a refresh refused now must wait for that tab.
    expireSession();
    expect(session.isLoggedIn).toBe(true);
    expect(localStorage.getItem("fy_refresh_token")).not.toBeNull();
    // That tab clears after its delay and tells this one.
    applyOtherTabChange({ type: "logout" });
    expect(session.isLoggedIn).toBe(false);
    expect(session.signingOut).toBe(false);
  });

  it("a tab that announced signing out and then vanished holds this session only for a while", async () => {
    applyOtherTabChange({ type: "signingOut", active: true });
    expect(session.signingOut).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(session.signingOut).toBe(true);
    await vi.advanceTimersByTimeAsync(OTHER_TAB_SIGN_OUT_HOLD_MS - 1001);
    expect(session.signingOut).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(session.signingOut).toBe(false);
    expireSession();
    expect(session.isLoggedIn).toBe(false);
  });

  it("a refused sign-out-everywhere keeps this session", async () => {
    api.fail("user/v1/logoutAll", 503, 503);
    await expect(logoutEverywhere()).rejects.toBeInstanceOf(ApiError);
    expect(session.isLoggedIn).toBe(true);
    expect(session.signingOut).toBe(false);
    expect(session.user).toEqual(makeUser());
  });
});
