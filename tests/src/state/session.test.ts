// Session tokens: stored under the fy_* keys, isLoggedIn derived from the access token,
// other tabs' changes picked up from storage events.
import {
  clearSession,
  saveTokens,
  session,
  SESSION_STORAGE_KEYS,
  watchSessionStorage,
} from "../../../src/state/session";

beforeEach(() => {
  clearSession();
});

it("uses the fy_* storage keys", () => {
  expect(SESSION_STORAGE_KEYS).toEqual({
    accessToken: "fy_access_token",
    refreshToken: "fy_refresh_token",
    imUid: "fy_im_uid",
    imToken: "fy_im_token",
  });
});

it("saves tokens to localStorage and derives isLoggedIn from the access token", () => {
  expect(session.isLoggedIn).toBe(false);
  saveTokens({
    accessToken: "a",
    refreshToken: "r",
    imUid: "u1",
    imToken: "t1",
  });
  expect(session.isLoggedIn).toBe(true);
  expect(localStorage.getItem("fy_access_token")).toBe("a");
  expect(localStorage.getItem("fy_refresh_token")).toBe("r");
  expect(localStorage.getItem("fy_im_uid")).toBe("u1");
  expect(localStorage.getItem("fy_im_token")).toBe("t1");

  clearSession();
  expect(session.isLoggedIn).toBe(false);
  expect(localStorage.getItem("fy_access_token")).toBeNull();
  expect(localStorage.getItem("fy_im_token")).toBeNull();
});

it("follows another tab through storage events", () => {
  const stop = watchSessionStorage(window);
  localStorage.setItem("fy_access_token", "from-other-tab");
  window.dispatchEvent(new StorageEvent("storage", { key: "fy_access_token" }));
  expect(session.accessToken).toBe("from-other-tab");
  expect(session.isLoggedIn).toBe(true);
  stop();
  localStorage.removeItem("fy_access_token");
  window.dispatchEvent(new StorageEvent("storage", { key: "fy_access_token" }));
  expect(session.isLoggedIn).toBe(true);
});
