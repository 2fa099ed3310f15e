// The messenger's session hook: after user info, the worker's session starts with imId/imToken,
// the absolute API base, the access token and the runtime config's IM URL, then the unread count
// is loaded into the role's counter; a refused worker token is refreshed and handed over; sign-out
// logs the worker out (deleting the IM database). The worker is replaced by a fake (vi.mock).
import type { SessionApi, SessionEvent } from "../../../workers/api";
import { im, resetIm } from "../../../src/state/im";
import { clearSession, saveTokens, session } from "../../../src/state/session";
import { makeUser } from "../fakeAccounts";
import { makeConfig } from "../fakeApi";

const calls: { method: string; arg: unknown }[] = [];
let emit: (event: SessionEvent) => void = () => undefined;

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
) as unknown as SessionApi;

vi.mock("../../../src/session/imClient", () => ({
  imApi: () => Promise.resolve(fakeApi),
  onImEvent: (listener: (event: SessionEvent) => void) => {
    emit = listener;
    return () => undefined;
  },
}));

const { startMessenger, stopMessenger } =
  await import("../../../src/session/imSession");

let unread = 5;
let refreshes = 0;

beforeEach(() => {
  calls.length = 0;
  unread = 5;
  refreshes = 0;
  saveTokens({
    accessToken: "access-1",
    refreshToken: "refresh-1",
    accessExpiresAt: Date.now() + 600_000,
  });
  vi.stubGlobal("fetch", (input: string) => {
    const url = input;
    const reply = (data: unknown) =>
      new Response(JSON.stringify({ code: 0, data, msg: "ok" }), {
        headers: { "content-type": "application/json" },
      });
    if (url.includes("oapi/v1/config"))
      return reply(makeConfig({ imWsUrl: "ws://im.example/im" }));
    if (url.includes("conversations/unreadCount")) return reply({ unread });
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
