// imMirror: the worker's events become the tab's messenger state, and the unread total lands in
// the counter of the user's role only (service staff, monk), per product spec §4.
import { im, resetIm } from "../../../src/state/im";
import {
  FINISHED_UPLOAD_TTL_MS,
  mirrorImEvent,
  mirrorSignedOut,
  mirrorUnreadCount,
} from "../../../src/messenger/imMirror";

afterEach(() => {
  resetIm();
  vi.useRealTimers();
});

describe("imMirror", () => {
  it("status, kick and errors", () => {
    mirrorImEvent({
      type: "status",
      status: { connection: "Connected", imUid: "u1", online: true },
    });
    expect(im).toMatchObject({
      connection: "Connected",
      imUid: "u1",
      online: true,
      kicked: null,
    });
    mirrorImEvent({
      type: "kicked",
      reason: "SIGNED_IN_ELSEWHERE",
      reasonCode: 12,
    });
    expect(im.kicked).toBe("SIGNED_IN_ELSEWHERE");
    mirrorImEvent({
      type: "error",
      error: { code: "NETWORK", message: "down", retryable: true },
    });
    expect(im.lastError).toEqual({
      code: "NETWORK",
      message: "down",
      retryable: true,
    });
    mirrorImEvent({ type: "loggedOut" });
    expect(im).toMatchObject({
      connection: "Disconnect",
      imUid: null,
      kicked: null,
      lastError: null,
    });
  });

  it("upload progress, forgotten a while after success", () => {
    vi.useFakeTimers();
    mirrorImEvent({
      type: "uploadProgress",
      clientMsgNo: "c1",
      state: "processing",
      loaded: 5,
      total: 10,
    });
    expect(im.uploads.c1).toEqual({
      state: "processing",
      loaded: 5,
      total: 10,
    });
    mirrorImEvent({
      type: "uploadProgress",
      clientMsgNo: "c1",
      state: "success",
      loaded: 10,
      total: 10,
    });
    expect(im.uploads.c1?.state).toBe("success");
    vi.advanceTimersByTime(FINISHED_UPLOAD_TTL_MS);
    expect(im.uploads.c1).toBeUndefined();
  });

  it.each([
    [{ isService: 1, isMonk: 0 } as const, { serviceUnread: 7, monkUnread: 0 }],
    [{ isService: 0, isMonk: 1 } as const, { serviceUnread: 0, monkUnread: 7 }],
    [{ isService: 0, isMonk: 0 } as const, { serviceUnread: 0, monkUnread: 0 }],
  ])("unread count for %o", (roles, expected) => {
    mirrorUnreadCount(7, roles);
    expect({
      serviceUnread: im.serviceUnread,
      monkUnread: im.monkUnread,
    }).toEqual(expected);
    mirrorSignedOut();
    expect(im.serviceUnread + im.monkUnread).toBe(0);
  });
});
