// Session state: the fy_* storage keys, token pairs with their expiry, the user's IM
// credentials, and clearing (memory and storage, or memory only).
import {
  adoptTokens,
  clearSession,
  readStoredTokens,
  saveTokenPair,
  saveTokens,
  session,
  SESSION_STORAGE_KEYS,
  setUser,
} from "../../../src/state/session";
import { makeUser } from "../../support/ui/fakeAccounts";

beforeEach(() => {
  clearSession();
});

it("uses the fy_* storage keys", () => {
  expect(SESSION_STORAGE_KEYS).toEqual({
    accessToken: "fy_access_token",
    refreshToken: "fy_refresh_token",
    imUid: "fy_im_uid",
    imToken: "fy_im_token",
    accessExpiresAt: "fy_access_expires_at",
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

it("stores a token pair with its expiry counted from now", () => {
  saveTokenPair(
    { app_token: "A", refresh_token: "R", expires_in: 900 },
    1_000_000,
  );
  expect(session.accessExpiresAt).toBe(1_900_000);
  expect(readStoredTokens()).toEqual({
    accessToken: "A",
    refreshToken: "R",
    imUid: null,
    imToken: null,
    accessExpiresAt: 1_900_000,
  });
});

it("ignores a corrupted stored expiry", () => {
  localStorage.setItem("fy_access_expires_at", "soon");
  expect(readStoredTokens().accessExpiresAt).toBeNull();
});

it("setUser keeps the user in memory and stores its IM id and token", () => {
  setUser(makeUser({ imId: "u_7", imToken: "im-7" }));
  expect(session.user?.imId).toBe("u_7");
  expect(localStorage.getItem("fy_im_uid")).toBe("u_7");
  expect(localStorage.getItem("fy_im_token")).toBe("im-7");
  expect(JSON.stringify(localStorage)).not.toContain("善信小林");
});

it("adoptTokens and a memory-only clear leave storage alone", () => {
  saveTokens({ accessToken: "stored" });
  adoptTokens({ accessToken: "from-other-tab" }, makeUser());
  expect(session.accessToken).toBe("from-other-tab");
  expect(localStorage.getItem("fy_access_token")).toBe("stored");
  clearSession({ memoryOnly: true });
  expect(session.isLoggedIn).toBe(false);
  expect(session.user).toBeNull();
  expect(localStorage.getItem("fy_access_token")).toBe("stored");
});
