// refreshChannelInfo against the real server: the worker stores user/v1/infoByIm as a channelInfo
// row (read by tabs with liveQuery, also offline), asks once while the row is fresh or a request
// runs, asks again when forced, and refuses bad input without storing anything.
import { startTestServer, type TestServer } from "../../support/server/testServer";
import {
  signInAccount,
  startServerDevice,
  type ServerDevice,
} from "../../support/workers/serverDevice";
import type { WorkerDevice } from "../../support/workers/workerDevice";

let server: TestServer;
const devices: WorkerDevice[] = [];
let profileFetches: string[];

beforeEach(async () => {
  server = await startTestServer();
  profileFetches = [];
});
afterEach(async () => {
  for (const d of devices.splice(0)) await d.close();
  await server.close();
});

async function signedIn(): Promise<ServerDevice> {
  const counting: typeof fetch = (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (url.pathname.endsWith("/user/v1/infoByIm"))
      profileFetches.push(url.searchParams.get("imId") ?? "");
    return fetch(input, init);
  };
  return startServerDevice(
    server,
    await signInAccount(server, "13800000001"),
    { name: `chinfo-${Date.now()}`, seed: 4, fetch: counting },
    devices,
  );
}

const service = { channelId: "demo_service", channelType: 1 };
const monk = { channelId: "demo_monk", channelType: 1 };

describe("refreshChannelInfo", { timeout: 30_000 }, () => {
  it("stores the profile, asks once while it is fresh, and again when forced", async () => {
    const me = await signedIn();
    const results = await Promise.all([
      me.tab.refreshChannelInfo({ channels: [service, monk] }),
      me.tab.refreshChannelInfo({ channels: [service] }),
    ]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(profileFetches.sort()).toEqual(["demo_monk", "demo_service"]);
    const stored = await me.db().channelInfo.get(["demo_service", 1]);
    expect(stored).toMatchObject({
      channelId: "demo_service",
      channelType: 1,
      title: "福缘客服",
      orgData: { isService: 1, isMonk: 0 },
    });
    expect(stored?.fetchedAt).toBeGreaterThan(0);
    expect((await me.db().channelInfo.get(["demo_monk", 1]))?.orgData).toEqual({
      isService: 0,
      isMonk: 1,
    });

    expect((await me.tab.refreshChannelInfo({ channels: [service] })).ok).toBe(
      true,
    );
    expect(profileFetches).toHaveLength(2);
    expect(
      (await me.tab.refreshChannelInfo({ channels: [service], force: true }))
        .ok,
    ).toBe(true);
    expect(profileFetches).toHaveLength(3);
  });

  it("answers an unknown user and bad input with an error and stores nothing", async () => {
    const me = await signedIn();
    const unknown = await me.tab.refreshChannelInfo({
      channels: [{ channelId: "nobody_here", channelType: 1 }],
    });
    expect(unknown).toMatchObject({ ok: false });
    const bad = await me.tab.refreshChannelInfo({
      channels: [{ channelId: "", channelType: 1 }],
    });
    expect(bad).toMatchObject({
      ok: false,
      error: { code: "INVALID_ARGUMENT" },
    });
    const notAList = await me.tab.refreshChannelInfo({
      channels: "demo_service" as never,
    });
    expect(notAList).toMatchObject({
      ok: false,
      error: { code: "INVALID_ARGUMENT" },
    });
    // Channels other than persons have no profile: nothing is asked for them.
    expect(
      (
        await me.tab.refreshChannelInfo({
          channels: [{ channelId: "room", channelType: 7 }],
        })
      ).ok,
    ).toBe(true);
    expect(await me.db().channelInfo.count()).toBe(0);
    expect(profileFetches).toEqual(["nobody_here"]);
  });
});
