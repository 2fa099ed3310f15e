// The tab's channel-info cache: one fetch per uid however many rows ask, fresh for PROFILE_TTL_MS,
// failures retried after FAILURE_TTL_MS, a forced refresh, and subscribers told of every change.
import type { ImProfile } from "../../../../src/features/chatEntry/imUserApi";
import {
  FAILURE_TTL_MS,
  getProfileEntry,
  PROFILE_TTL_MS,
  profilesVersion,
  refreshProfiles,
  requestProfile,
  resetProfiles,
  subscribeProfiles,
} from "../../../../src/features/destiny/channelProfiles";
import { profile } from "./support/fakeSession";

let now = 1_000_000;
let calls: string[];
let answers: Map<string, () => Promise<ImProfile>>;

beforeEach(() => {
  now = 1_000_000;
  calls = [];
  answers = new Map();
  resetProfiles({
    now: () => now,
    fetch: (imId) => {
      calls.push(imId);
      return (
        answers.get(imId)?.() ??
        Promise.resolve(
          profile(imId, { nickname: `${imId}-${String(calls.length)}` }),
        )
      );
    },
  });
});

afterAll(() => {
  resetProfiles();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

it("fetches once for many requests and serves the cached entry while fresh", async () => {
  const seen: number[] = [];
  const stop = subscribeProfiles(() => seen.push(profilesVersion()));
  requestProfile("a");
  requestProfile("a");
  expect(getProfileEntry("a")).toMatchObject({ loading: true, profile: null });
  await settle();
  requestProfile("a");
  expect(calls).toEqual(["a"]);
  expect(getProfileEntry("a")).toMatchObject({
    loading: false,
    failed: false,
    profile: { nickname: "a-1" },
  });
  const entry = getProfileEntry("a");
  expect(getProfileEntry("a")).toBe(entry);
  expect(seen.length).toBe(2);
  stop();
});

it("fetches again once the profile is older than the TTL, keeping the old one meanwhile", async () => {
  requestProfile("a");
  await settle();
  now += PROFILE_TTL_MS - 1;
  requestProfile("a");
  expect(calls).toEqual(["a"]);
  now += 2;
  requestProfile("a");
  expect(getProfileEntry("a")).toMatchObject({
    loading: true,
    profile: { nickname: "a-1" },
  });
  await settle();
  expect(getProfileEntry("a")?.profile?.nickname).toBe("a-2");
});

it("remembers a failure for FAILURE_TTL_MS, then tries again", async () => {
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  answers.set("gone", () => Promise.reject(new Error("404")));
  requestProfile("gone");
  await settle();
  expect(getProfileEntry("gone")).toMatchObject({
    failed: true,
    profile: null,
    loading: false,
  });
  requestProfile("gone");
  expect(calls).toEqual(["gone"]);
  now += FAILURE_TTL_MS;
  requestProfile("gone");
  expect(calls).toEqual(["gone", "gone"]);
});

it("refreshes every cached profile on demand", async () => {
  requestProfile("a");
  requestProfile("b");
  await settle();
  refreshProfiles();
  await settle();
  expect(calls.sort()).toEqual(["a", "a", "b", "b"]);
});
