// The tab's channel info: rows of the worker's channelInfo table shown live (also with no network),
// one worker request however many rows ask, fresh for PROFILE_TTL_MS, failures retried after
// FAILURE_TTL_MS (after START_RETRY_MS while the worker is still starting), a forced refresh in one
// request, and the rows of whichever database it watches.
import { waitFor } from "@testing-library/react";
import type { AppDb } from "../../../../src/db/AppDb";
import type { ChannelInfoRecord } from "../../../../src/db/entities/ChannelInfoRecord";
import {
  FAILURE_TTL_MS,
  getProfileEntry,
  PROFILE_TTL_MS,
  profilesVersion,
  refreshProfiles,
  requestProfile,
  requestProfiles,
  resetProfiles,
  subscribeProfiles,
  watchProfiles,
} from "../../../../src/features/messenger/channelProfiles";
import type { Result, MessengerError } from "../../../../workers/api";
import { freshDb } from "../../../support/ui/messenger/chatFixtures";

let now = 1_000_000;
let db: AppDb;
/** Every worker call: the imIds and whether it was forced. */
let calls: { imIds: string[]; force: boolean }[];
/** The worker's answer; by default it stores a row per imId, as the real one does. */
let answer: (imIds: readonly string[]) => Promise<Result<null>>;

const row = (imId: string, nickname: string): ChannelInfoRecord => ({
  channelId: imId,
  channelType: 1,
  title: nickname,
  logo: `/media/${imId}.png`,
  mute: false,
  top: false,
  online: true,
  lastOffline: 0,
  orgData: { isService: 0, isMonk: 1 },
  fetchedAt: now,
});

const failure = (code: MessengerError["code"]): Promise<Result<null>> =>
  Promise.resolve({
    ok: false,
    error: { code, message: code, retryable: true },
  });

beforeEach(async () => {
  now = 1_000_000;
  calls = [];
  db = await freshDb();
  answer = async (imIds) => {
    await db.channelInfo.bulkPut(
      imIds.map((imId) => row(imId, `${imId}-${String(calls.length)}`)),
    );
    return { ok: true, value: null };
  };
  resetProfiles({
    now: () => now,
    refresh: (imIds, force) => {
      calls.push({ imIds: [...imIds], force });
      return answer(imIds);
    },
  });
  watchProfiles(db);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(() => {
  resetProfiles();
});

const settled = (imId: string) =>
  waitFor(() => {
    expect(getProfileEntry(imId)).toMatchObject({ loading: false });
  });

it("asks the worker once for many requests and shows its stored row, as a stable object", async () => {
  const seen: number[] = [];
  const stop = subscribeProfiles(() => seen.push(profilesVersion()));
  requestProfile("a");
  requestProfile("a");
  expect(getProfileEntry("a")).toMatchObject({ loading: true, profile: null });
  await waitFor(() => {
    expect(getProfileEntry("a")?.profile).toEqual({
      imId: "a",
      nickname: "a-1",
      avatarUrl: "/media/a.png",
      online: true,
      lastOffline: 0,
      isService: 0,
      isMonk: 1,
    });
  });
  await settled("a");
  requestProfile("a");
  expect(calls).toEqual([{ imIds: ["a"], force: false }]);
  const entry = getProfileEntry("a");
  expect(getProfileEntry("a")).toBe(entry);
  expect(seen.length).toBeGreaterThan(0);
  stop();
});

it("asks for a list's profiles in one request, each once, skipping those already loading", async () => {
  requestProfile("a");
  requestProfiles(["b", "a", "c", "b"]);
  await settled("b");
  await settled("c");
  expect(calls).toEqual([
    { imIds: ["a"], force: false },
    { imIds: ["b", "c"], force: false },
  ]);
});

it("shows stored rows with no request at all, and keeps them when the network is down", async () => {
  await db.channelInfo.put(row("svc", "福缘客服"));
  await waitFor(() => {
    expect(getProfileEntry("svc")?.profile?.nickname).toBe("福缘客服");
  });
  expect(calls).toEqual([]);
  now += PROFILE_TTL_MS;
  answer = () => failure("NETWORK");
  requestProfile("svc");
  await settled("svc");
  expect(getProfileEntry("svc")).toMatchObject({
    failed: true,
    profile: { nickname: "福缘客服" },
  });
});

it("asks again once the row is older than the TTL, keeping the old one meanwhile", async () => {
  requestProfile("a");
  await settled("a");
  now += PROFILE_TTL_MS - 1;
  requestProfile("a");
  expect(calls).toHaveLength(1);
  now += 2;
  requestProfile("a");
  expect(getProfileEntry("a")).toMatchObject({
    loading: true,
    profile: { nickname: "a-1" },
  });
  await waitFor(() => {
    expect(getProfileEntry("a")?.profile?.nickname).toBe("a-2");
  });
});

it("remembers a failure for FAILURE_TTL_MS, then tries again", async () => {
  answer = () => failure("SERVER_ERROR");
  requestProfile("gone");
  await settled("gone");
  expect(getProfileEntry("gone")).toMatchObject({
    failed: true,
    profile: null,
  });
  requestProfile("gone");
  expect(calls).toHaveLength(1);
  now += FAILURE_TTL_MS;
  requestProfile("gone");
  expect(calls).toHaveLength(2);
});

it("tries again by itself while the worker's session is still starting", async () => {
  let starting = true;
  const stored = answer;
  answer = (imIds) => (starting ? failure("NOT_STARTED") : stored(imIds));
  requestProfile("a");
  await settled("a");
  starting = false;
  await waitFor(() => {
    expect(getProfileEntry("a")?.profile?.nickname).toBe("a-2");
  });
  expect(calls.map((c) => c.force)).toEqual([false, true]);
});

it("refreshes every shown profile in one forced request", async () => {
  requestProfile("a");
  requestProfile("b");
  await settled("a");
  await settled("b");
  refreshProfiles();
  await settled("a");
  expect(calls.slice(2)).toEqual([{ imIds: ["a", "b"], force: true }]);
});

it("follows the database it watches: another user's rows show once it is watched", async () => {
  const other = await freshDb("u_other");
  await other.channelInfo.put(row("c", "Carol"));
  expect(getProfileEntry("c")).toBeUndefined();
  watchProfiles(other);
  await waitFor(() => {
    expect(getProfileEntry("c")?.profile?.nickname).toBe("Carol");
  });
  await db.channelInfo.put(row("d", "not watched any more"));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(getProfileEntry("d")).toBeUndefined();
});

it("drops a worker answer asked for before a reset", async () => {
  let release!: () => void;
  answer = () =>
    new Promise((resolve) => {
      release = () => {
        resolve({ ok: true, value: null });
      };
    });
  requestProfile("b");
  resetProfiles({ now: () => now });
  release();
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(getProfileEntry("b")).toBeUndefined();
});
