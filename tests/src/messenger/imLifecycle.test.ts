// The messenger's session hook: after user info, the worker's session starts with imId/imToken,
// the absolute API base, the access token and the runtime config's IM URL, then the unread count
// is loaded into the role's counter; without the user info (offline start) it resumes on the stored
// credentials and the remembered IM URL; a refused worker token is refreshed and handed over; sign-out
// logs the worker out (deleting the IM database). The worker is replaced by a fake (vi.mock).
import type { MessengerApi, MessengerEvent } from "../../../workers/api";
import { im, resetIm } from "../../../src/state/im";
import { clearSession, saveTokens, session } from "../../../src/state/session";
import { makeUser } from "../../support/ui/fakeAccounts";
import { makeConfig } from "../../support/ui/fakeApi";
import { resetRuntimeConfig } from "../../../src/api/runtimeConfig";
import { addSessionListener } from "../../../src/session/sessionListeners";

const calls: { method: string; arg: unknown }[] = [];
let emit: (event: MessengerEvent) => void = () => undefined;

const fakeApi = new Proxy<Record<string, unknown>>(
  {},
  {
    get: (_target, method: string) =>
      // NOTE: not a thenable (awaiting the API must not call a fake `then`).
      method === "then"
        ? undefined
        : (arg: unknown) => {
            calls.push({ method, arg });
            if (method === "start")
              return Promise.resolve({
                ok: true,
                value: {
                  connection: "Connecting",
                  imUid: (arg as { imUid: string }).imUid,
                  online: true,
                },
              });
            return Promise.resolve({ ok: true, value: null });
          },
  },
) as unknown as MessengerApi;

vi.mock("../../../src/messenger/imClient", () => ({
  imApi: () => Promise.resolve(fakeApi),
  onImEvent: (listener: (event: MessengerEvent) => void) => {
    emit = listener;
    return () => undefined;
  },
}));

const { resumeMessenger, startMessenger, stopMessenger } =
  await import("../../../src/messenger/imLifecycle");

let unread = 5;
let refreshes = 0;
/** What `user/v1/info` answers, and how often it was asked. */
let infoUser = makeUser();
let infoLoads = 0;
/** No network: every fetch rejects as in the browser. */
let offline = false;

beforeEach(() => {
  calls.length = 0;
  unread = 5;
  refreshes = 0;
  infoLoads = 0;
  infoUser = makeUser();
  offline = false;
  saveTokens({
    accessToken: "access-1",
    refreshToken: "refresh-1",
    accessExpiresAt: Date.now() + 600_000,
  });
  vi.stubGlobal("fetch", (input: string) => {
    if (offline) return Promise.reject(new TypeError("Failed to fetch"));
    const url = input;
    const reply = (data: unknown) =>
      new Response(JSON.stringify({ code: 0, data, msg: "ok" }), {
        headers: { "content-type": "application/json" },
      });
    if (url.includes("oapi/v1/config"))
      return reply(makeConfig({ imWsUrl: "ws://im.example/im" }));
    if (url.includes("conversations/unreadCount")) return reply({ unread });
    if (url.includes("user/v1/info")) {
      infoLoads += 1;
      return reply(infoUser);
    }
    if (url.includes("oapi/v1/refreshToken")) {
      refreshes += 1;
      return reply({
        app_token: "access-2",
        refresh_token: "refresh-2",
        expires_in: 900,
      });
    }
    return new Response("{}", { status: 404 });
  });
});

afterEach(() => {
  clearSession();
  resetIm();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("startMessenger", () => {
  it("starts the worker's session with the user's IM credentials, then loads the service counter", async () => {
    const user = makeUser({
      imId: "svc_1",
      imToken: "imtok-1",
      isService: 1,
      isMonk: 0,
    });
    await startMessenger(user);
    expect(calls.find((c) => c.method === "start")?.arg).toEqual({
      imUid: "svc_1",
      imToken: "imtok-1",
      apiBase: `${location.origin}/api/app`,
      accessToken: "access-1",
      wsUrl: "ws://im.example/im",
    });
    expect(im.serviceUnread).toBe(5);
    expect(im.monkUnread).toBe(0);
    expect(im.imUid).toBe("svc_1");
  });

  it("keeps the monk counter for monks and neither for regular users", async () => {
    await startMessenger(makeUser({ isService: 0, isMonk: 1 }));
    expect([im.serviceUnread, im.monkUnread]).toEqual([0, 5]);
    resetIm();
    await startMessenger(makeUser({ isService: 0, isMonk: 0 }));
    expect([im.serviceUnread, im.monkUnread]).toEqual([0, 0]);
  });

  it("reloads the service counter once the worker reports reads the server has recorded", async () => {
    await startMessenger(makeUser({ isService: 1, isMonk: 0 }));
    expect(im.serviceUnread).toBe(5);
    // The server has recorded the read (the worker's setUnread went through): the counter follows.
    unread = 0;
    emit({
      type: "readsReported",
      channels: [{ channelId: "u_1", channelType: 1 }],
    });
    await vi.waitFor(
      () => {
        expect(im.serviceUnread).toBe(0);
      },
      { timeout: 5_000 },
    );
  });

  it("answers authRequired with a refresh and hands the new token to the worker", async () => {
    await startMessenger(makeUser({ isService: 0, isMonk: 0 }));
    emit({ type: "authRequired" });
    await vi.waitFor(() => {
      expect(
        calls.filter((c) => c.method === "updateAuth").map((c) => c.arg),
      ).toContainEqual({ accessToken: "access-2" });
    });
    expect(refreshes).toBe(1);
    expect(session.accessToken).toBe("access-2");
  });

  it("asks once per IM token for a new one when the IM server refuses or drops the login", async () => {
    // As startSession.ts wires it: loaded user info (re)starts the messenger.
    const stop = addSessionListener({ userLoaded: (u) => startMessenger(u) });
    const starts = () =>
      calls
        .filter((c) => c.method === "start")
        .map((c) => (c.arg as { imToken: string }).imToken);
    const status = (connection: "ConnectFail" | "ConnectKick") => {
      emit({
        type: "status",
        status: { connection, imUid: "u_42", online: true },
      });
    };
    await startMessenger(makeUser({ imToken: "im-token-1" }));
    // Another session of the user ended: the server hands out a new token.
    infoUser = makeUser({ imToken: "im-token-2" });
    status("ConnectKick");
    await vi.waitFor(() => {
      expect(starts()).toEqual(["im-token-1", "im-token-2"]);
    });
    // The new token is refused too: one more look, then no loop.
    status("ConnectFail");
    await vi.waitFor(() => {
      expect(infoLoads).toBe(2);
    });
    status("ConnectFail");
    status("ConnectFail");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(infoLoads).toBe(2);
    expect(starts()).toEqual(["im-token-1", "im-token-2", "im-token-2"]);
    stop();
  });
});

it("does not ask for user info when the kick comes from signing out here", async () => {
  await startMessenger(makeUser({ imToken: "im-token-1" }));
  session.signingOut = true;
  try {
    emit({
      type: "status",
      status: { connection: "ConnectKick", imUid: "u_42", online: true },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(infoLoads).toBe(0);
  } finally {
    session.signingOut = false;
  }
});

describe("stopMessenger", () => {
  it("logs the worker out with the user's IM uid and clears the state", async () => {
    await startMessenger(makeUser({ imId: "u_9", isService: 1, isMonk: 0 }));
    expect(im.serviceUnread).toBe(5);
    await stopMessenger({ imId: "u_9", origin: "remote" });
    expect(calls.at(-1)).toEqual({ method: "logout", arg: { imUid: "u_9" } });
    expect(im.serviceUnread).toBe(0);
    expect(im.imUid).toBeNull();
  });
});

describe("resumeMessenger (the user info could not load: offline start, server down)", () => {
  const stored = { imId: "u_7", imToken: "imtok-7" };

  beforeEach(async () => {
    // NOTE: no user from an earlier test: the messenger runs only on the stored credentials.
    await stopMessenger({ imId: null, origin: "local" });
    resetRuntimeConfig();
    calls.length = 0;
  });

  it("starts the worker with the stored credentials and the socket URL remembered from the last config", async () => {
    await startMessenger(makeUser({ imId: "u_7", imToken: "imtok-7" }));
    await stopMessenger({ imId: null, origin: "local" });
    resetRuntimeConfig();
    calls.length = 0;
    offline = true;

    await resumeMessenger(stored);
    expect(calls.find((c) => c.method === "start")?.arg).toEqual({
      imUid: "u_7",
      imToken: "imtok-7",
      apiBase: `${location.origin}/api/app`,
      accessToken: "access-1",
      wsUrl: "ws://im.example/im",
    });
    expect(im.imUid).toBe("u_7");
    // Resumed once: a retry of the restore does not start it again.
    await resumeMessenger(stored);
    expect(calls.filter((c) => c.method === "start")).toHaveLength(1);

    // A refreshed access token still reaches the worker.
    saveTokens({ accessToken: "access-9" });
    await vi.waitFor(() => {
      expect(
        calls.filter((c) => c.method === "updateAuth").map((c) => c.arg),
      ).toContainEqual({ accessToken: "access-9" });
    });

    // The user info loads once the server answers: same uid, and the unread count now loads.
    offline = false;
    await startMessenger(
      makeUser({ imId: "u_7", imToken: "imtok-7", isService: 1, isMonk: 0 }),
    );
    expect(im.serviceUnread).toBe(5);
  });

  it("without a config ever seen on this device it fails and stays unstarted", async () => {
    offline = true;
    await expect(resumeMessenger(stored)).rejects.toThrow("Failed to fetch");
    expect(calls.filter((c) => c.method === "start")).toHaveLength(0);
    // A later attempt (the network is back) starts it.
    offline = false;
    await resumeMessenger(stored);
    expect(calls.filter((c) => c.method === "start")).toHaveLength(1);
  });

  it("does nothing once the user info has loaded", async () => {
    await startMessenger(makeUser({ imId: "u_7", imToken: "imtok-7" }));
    calls.length = 0;
    await resumeMessenger(stored);
    expect(calls).toEqual([]);
  });
});
