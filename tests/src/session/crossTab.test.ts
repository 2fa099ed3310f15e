// Cross-tab sync: messages go out on BroadcastChannel "fy-session" and as a storage event; a tab
// hearing both handles each change once; the storage event alone works (no BroadcastChannel);
// another tab's login, refresh and logout reach this tab's state, and a logout elsewhere moves
// this tab off a guarded page.
import { screen, waitFor } from "@testing-library/react";
import {
  announce,
  closeSessionChannel,
  listenToOtherTabs,
  SESSION_CHANNEL_NAME,
  SESSION_EVENT_KEY,
  type SessionBroadcast,
} from "../../../src/session/crossTab";
import { applyOtherTabChange } from "../../../src/session/authSession";
import { addSessionListener } from "../../../src/session/sessionListeners";
import { clearSession, saveTokens, session } from "../../../src/state/session";
import { makeUser } from "../../support/ui/fakeAccounts";
import { installFakeApi } from "../../support/ui/fakeApi";
import { renderApp, resetApp, signIn } from "../../support/ui/renderApp";

const tokens = {
  accessToken: "A2",
  refreshToken: "R2",
  imUid: "u_42",
  imToken: "im-2",
  accessExpiresAt: Date.now() + 900_000,
};

function storageEvent(value: unknown): StorageEvent {
  return new StorageEvent("storage", {
    key: SESSION_EVENT_KEY,
    newValue: JSON.stringify(value),
  });
}

let otherTab: BroadcastChannel;

beforeEach(() => {
  otherTab = new BroadcastChannel(SESSION_CHANNEL_NAME);
});

afterEach(() => {
  otherTab.close();
  clearSession();
  localStorage.clear();
  vi.restoreAllMocks();
});

it("announce posts on the channel and leaves no copy under the event key", async () => {
  const heard: unknown[] = [];
  otherTab.onmessage = (event: MessageEvent) => heard.push(event.data);
  const setItem = vi.spyOn(Storage.prototype, "setItem");
  announce({ type: "logout" });
  expect(setItem).toHaveBeenCalledWith(
    SESSION_EVENT_KEY,
    expect.stringContaining('"logout"'),
  );
  expect(localStorage.getItem(SESSION_EVENT_KEY)).toBeNull();
  await vi.waitFor(() => {
    expect(heard).toEqual([
      { id: expect.any(String), event: { type: "logout" } },
    ]);
  });
});

it("delivers each change once although it arrives by channel and by storage event", async () => {
  const events: SessionBroadcast[] = [];
  const stop = listenToOtherTabs(window, (event) => events.push(event));
  const message = { id: "m1", event: { type: "refreshed", tokens } };
  otherTab.postMessage(message);
  await vi.waitFor(() => {
    expect(events).toHaveLength(1);
  });
  window.dispatchEvent(storageEvent(message));
  window.dispatchEvent(storageEvent({ id: "m2", event: { type: "logout" } }));
  expect(events).toEqual([{ type: "refreshed", tokens }, { type: "logout" }]);
  stop();
});

it("falls back to the storage event when BroadcastChannel is missing, and ignores junk", () => {
  closeSessionChannel();
  vi.stubGlobal("BroadcastChannel", undefined);
  const events: SessionBroadcast[] = [];
  const stop = listenToOtherTabs(window, (event) => events.push(event));
  window.dispatchEvent(
    new StorageEvent("storage", {
      key: SESSION_EVENT_KEY,
      newValue: "{not json",
    }),
  );
  window.dispatchEvent(storageEvent({ id: "x", event: { type: "login" } }));
  window.dispatchEvent(
    new StorageEvent("storage", { key: "fy_access_token", newValue: "t" }),
  );
  window.dispatchEvent(storageEvent({ id: "m3", event: { type: "logout" } }));
  expect(events).toEqual([{ type: "logout" }]);
  stop();
  expect(() => {
    announce({ type: "logout" });
  }).not.toThrow();
  vi.unstubAllGlobals();
  closeSessionChannel();
});

it("another tab's login and refresh update this tab's tokens and user; its logout clears memory only", () => {
  const userLoaded = vi.fn();
  const signedOut = vi.fn();
  const remove = addSessionListener({ userLoaded, signedOut });
  const user = makeUser();

  applyOtherTabChange({ type: "login", tokens, user });
  expect(session.accessToken).toBe("A2");
  expect(session.user).toEqual(user);
  expect(userLoaded).toHaveBeenCalledWith(user);

  applyOtherTabChange({
    type: "refreshed",
    tokens: { ...tokens, accessToken: "A3" },
  });
  expect(session.accessToken).toBe("A3");

  saveTokens({ accessToken: "written-by-a-later-login" });
  applyOtherTabChange({ type: "logout" });
  expect(session.isLoggedIn).toBe(false);
  expect(session.user).toBeNull();
  expect(signedOut).toHaveBeenCalledWith({ imId: "u_42", origin: "remote" });
  expect(localStorage.getItem("fy_access_token")).toBe(
    "written-by-a-later-login",
  );
  remove();
});

describe("in the app", () => {
  afterEach(resetApp);

  it("a login in another tab reaches this tab; a logout there leaves the guarded page here", async () => {
    const api = installFakeApi();
    const { router } = renderApp("/my");
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/login");
    });
    expect(
      await screen.findByRole("heading", { level: 1, name: "登录" }),
    ).toBeDefined();

    // The other tab logs in (same storage), then announces it.
    const pair = api.accounts.issue();
    localStorage.setItem("fy_access_token", pair.app_token);
    otherTab.postMessage({
      id: "login-1",
      event: {
        type: "login",
        tokens: {
          ...tokens,
          accessToken: pair.app_token,
          refreshToken: pair.refresh_token,
        },
        user: api.accounts.user,
      },
    });
    // This tab was on /login?redirect=/my: it follows the login to /my.
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/my");
    });
    expect(
      await screen.findByRole("heading", { name: "善信小林" }),
    ).toBeDefined();

    otherTab.postMessage({ id: "logout-1", event: { type: "logout" } });
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/login");
    });
    expect(session.isLoggedIn).toBe(false);
  });

  it("a signed-in tab learns of another tab's logout on a public page and stays there", async () => {
    const api = installFakeApi();
    signIn(api);
    const { router } = renderApp("/templeStyle");
    await waitFor(() => {
      expect(session.user).not.toBeNull();
    });
    otherTab.postMessage({ id: "logout-2", event: { type: "logout" } });
    await waitFor(() => {
      expect(session.isLoggedIn).toBe(false);
    });
    expect(router.state.location.pathname).toBe("/templeStyle");
  });
});
