// Update gating: a waiting build applies on navigation only with an empty outbox and no draft in
// any tab, follows other tabs, and never reloads twice for the same build (loop guard).
import { beforeEach, describe, expect, test, vi } from "vitest";
import { openImDb, deleteImDb } from "../../../src/db/db";
import {
  isDraftActive,
  setDraftActive,
  DRAFT_FLAG_TTL_MS,
} from "../../../src/pwa/draftActive";
import { countPendingOutbox } from "../../../src/pwa/outboxCount";
import { pwaState } from "../../../src/pwa/pwaState";
import {
  createUpdateController,
  type UpdateDeps,
} from "../../../src/pwa/updateController";

function deps(overrides: Partial<UpdateDeps> = {}) {
  const calls: string[] = [];
  const store = new Map<string, string>();
  const d: UpdateDeps = {
    buildId: "/assets/index-old.js",
    pendingOutbox: () => Promise.resolve(0),
    draftActive: () => false,
    pageQuiet: () => Promise.resolve(),
    sessionStorage: {
      getItem: (key) => store.get(key) ?? null,
      setItem: (key, value) => {
        store.set(key, value);
      },
    },
    activate: () => {
      calls.push("activate");
      return Promise.resolve(true);
    },
    broadcast: () => calls.push("broadcast"),
    reload: () => calls.push("reload"),
    ...overrides,
  };
  return { d, calls, store };
}

beforeEach(() => {
  pwaState.updateReady = false;
  pwaState.updateBlocked = null;
});

describe("createUpdateController", () => {
  test("does nothing on navigation when no update is waiting", async () => {
    const { d, calls } = deps();
    await expect(createUpdateController(d).apply()).resolves.toBe("none");
    expect(calls).toEqual([]);
  });

  test("activates, tells the other tabs and reloads when idle", async () => {
    const { d, calls } = deps();
    const ctl = createUpdateController(d);
    ctl.setWaiting();
    expect(pwaState.updateReady).toBe(true);
    await expect(ctl.apply()).resolves.toBe("applied");
    expect(calls).toEqual(["activate", "broadcast", "reload"]);
  });

  test("reloads nothing while the new build has not taken over; applies once it has", async () => {
    const { d, calls, store } = deps({
      activate: () => {
        calls.push("activate");
        return Promise.resolve(false);
      },
    });
    const ctl = createUpdateController(d);
    ctl.setWaiting();
    await expect(ctl.apply()).resolves.toBe("late");
    expect(calls).toEqual(["activate"]);
    expect([...store.keys()]).toEqual([]);
    // It takes over later (registerPwa hears controllerchange): the tab follows and applies.
    ctl.followOtherTab();
    await expect(ctl.apply()).resolves.toBe("applied");
    expect(calls).toEqual(["activate", "reload"]);
  });

  test("waits while the outbox has unsent messages, then applies once it is empty", async () => {
    let pending = 2;
    const { d, calls } = deps({
      pendingOutbox: () => Promise.resolve(pending),
    });
    const ctl = createUpdateController(d);
    ctl.setWaiting();
    await expect(ctl.apply()).resolves.toBe("outbox");
    expect(pwaState.updateBlocked).toBe("outbox");
    expect(calls).toEqual([]);
    pending = 0;
    await expect(ctl.apply()).resolves.toBe("applied");
    expect(pwaState.updateBlocked).toBeNull();
    expect(calls).toEqual(["activate", "broadcast", "reload"]);
  });

  test("waits while a draft is being typed", async () => {
    const { d, calls } = deps({ draftActive: () => true });
    const ctl = createUpdateController(d);
    ctl.setWaiting();
    await expect(ctl.apply()).resolves.toBe("draft");
    expect(pwaState.updateBlocked).toBe("draft");
    expect(calls).toEqual([]);
  });

  test("a held update states its reason anew when rechecked, without applying", async () => {
    let pending = 1;
    let draft = false;
    const { d, calls } = deps({
      pendingOutbox: () => Promise.resolve(pending),
      draftActive: () => draft,
    });
    const ctl = createUpdateController(d);
    ctl.setWaiting();
    await expect(ctl.apply()).resolves.toBe("outbox");
    await ctl.recheck();
    expect(pwaState.updateBlocked).toBe("outbox");
    // The message went out but a draft is being typed: it waits for that now.
    pending = 0;
    draft = true;
    await ctl.recheck();
    expect(pwaState.updateBlocked).toBe("draft");
    // Nothing holds it: the next navigation applies it.
    draft = false;
    await ctl.recheck();
    expect(pwaState.updateBlocked).toBeNull();
    expect(calls).toEqual([]);
    await expect(ctl.apply()).resolves.toBe("applied");
  });

  test("a recheck leaves alone an update that is not held by the outbox or a draft", async () => {
    const reads: string[] = [];
    const { d, calls } = deps({
      pendingOutbox: () => {
        reads.push("outbox");
        return Promise.resolve(0);
      },
    });
    const ctl = createUpdateController(d);
    // No update waiting.
    pwaState.updateBlocked = "outbox";
    await ctl.recheck();
    expect(pwaState.updateBlocked).toBe("outbox");
    // Waiting, held by the loop guard: only a new build lifts that.
    ctl.setWaiting();
    pwaState.updateBlocked = "loop";
    await ctl.recheck();
    expect(pwaState.updateBlocked).toBe("loop");
    expect(reads).toEqual([]);
    expect(calls).toEqual([]);
  });

  test("asks the new build to take over only once the page's requests are done", async () => {
    const { d, calls } = deps();
    let quiet: () => void = () => undefined;
    const ctl = createUpdateController({
      ...d,
      pageQuiet: () => {
        calls.push("quiet?");
        return new Promise((resolve) => {
          quiet = resolve;
        });
      },
    });
    ctl.setWaiting();
    const applied = ctl.apply();
    await vi.waitFor(() => {
      expect(calls).toEqual(["quiet?"]);
    });
    await Promise.resolve();
    expect(calls).toEqual(["quiet?"]);
    quiet();
    await expect(applied).resolves.toBe("applied");
    expect(calls).toEqual(["quiet?", "activate", "broadcast", "reload"]);
  });

  test("a draft begun while the page finishes loading still holds the update", async () => {
    let draft = false;
    const { d, calls } = deps({
      draftActive: () => draft,
      pageQuiet: () => {
        draft = true;
        return Promise.resolve();
      },
    });
    const ctl = createUpdateController(d);
    ctl.setWaiting();
    await expect(ctl.apply()).resolves.toBe("draft");
    expect(calls).toEqual([]);
  });

  test("a tab following another tab reloads without activating again", async () => {
    const { d, calls } = deps({
      pageQuiet: () => {
        calls.push("quiet?");
        return Promise.resolve();
      },
    });
    const ctl = createUpdateController(d);
    ctl.followOtherTab();
    await expect(ctl.apply()).resolves.toBe("applied");
    expect(calls).toEqual(["reload"]);
  });

  test("refuses a second forced reload for the same build (loop guard)", async () => {
    const first = deps();
    const ctl = createUpdateController(first.d);
    ctl.setWaiting();
    await ctl.apply();
    // The reload came back on the same build (the update did not take): the same session storage.
    const again = deps({ sessionStorage: first.d.sessionStorage });
    const ctl2 = createUpdateController(again.d);
    ctl2.setWaiting();
    await expect(ctl2.apply()).resolves.toBe("loop");
    expect(again.calls).toEqual([]);
    // A new build in the same session may update again.
    const next = deps({
      sessionStorage: first.d.sessionStorage,
      buildId: "/assets/index-new.js",
    });
    const ctl3 = createUpdateController(next.d);
    ctl3.setWaiting();
    await expect(ctl3.apply()).resolves.toBe("applied");
  });

  test("applies only once when navigations overlap", async () => {
    const { d, calls } = deps();
    const ctl = createUpdateController(d);
    ctl.setWaiting();
    const results = await Promise.all([ctl.apply(), ctl.apply()]);
    expect(results.sort()).toEqual(["applied", "none"]);
    expect(calls.filter((c) => c === "reload")).toHaveLength(1);
  });
});

describe("countPendingOutbox (Dexie on fake-indexeddb)", () => {
  test("counts pending rows of the user's outbox, not failed ones", async () => {
    const uid = "u-outbox-test";
    const db = openImDb(uid);
    await expect(countPendingOutbox(uid)).resolves.toBe(0);
    const row = {
      channelId: "c1",
      channelType: 1,
      contentType: 1,
      content: { content: "hi" },
      redDot: true,
      receipt: false,
      createdAt: 1,
    };
    await db.outbox.add({
      ...row,
      clientMsgNo: "m1",
      state: "pending",
    } as never);
    await db.outbox.add({
      ...row,
      clientMsgNo: "m2",
      state: "failed",
    } as never);
    await expect(countPendingOutbox(uid)).resolves.toBe(1);
    await expect(countPendingOutbox(null)).resolves.toBe(0);
    await deleteImDb(uid);
  });
});

describe("draft flag", () => {
  test("is shared through storage, per tab, and expires", () => {
    localStorage.clear();
    const now = 5_000_000;
    expect(isDraftActive(localStorage, now)).toBe(false);
    setDraftActive(true, localStorage, now, "tab-a");
    setDraftActive(true, localStorage, now, "tab-b");
    setDraftActive(false, localStorage, now, "tab-a");
    expect(isDraftActive(localStorage, now + 1)).toBe(true);
    setDraftActive(false, localStorage, now, "tab-b");
    expect(isDraftActive(localStorage, now + 1)).toBe(false);
    setDraftActive(true, localStorage, now, "tab-c");
    expect(isDraftActive(localStorage, now + DRAFT_FLAG_TTL_MS)).toBe(false);
  });

  test("gates the update controller through the real flag", async () => {
    localStorage.clear();
    const { d, calls } = deps({ draftActive: () => isDraftActive() });
    const ctl = createUpdateController(d);
    ctl.setWaiting();
    setDraftActive(true);
    await expect(ctl.apply()).resolves.toBe("draft");
    setDraftActive(false);
    await expect(ctl.apply()).resolves.toBe("applied");
    expect(calls).toContain("reload");
    vi.restoreAllMocks();
  });
});
