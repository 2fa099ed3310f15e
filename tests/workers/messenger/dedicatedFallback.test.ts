// The dedicated-worker fallback with mock Web Locks and an in-memory BroadcastChannel: the first
// worker leads and owns the only socket, another tab's worker relays through it, and when the
// leader's tab dies the next worker takes over at once and replays its tab's session.
import { Op } from "#protocol";
import {
  API_VERSION,
  type MessengerApi,
  type MessengerEvent,
} from "../../../workers/api";
import { deleteImDb, openImDb } from "../../../src/db/db";
import { runDedicatedWorker } from "../../../workers/messenger/dedicatedWorker";
import { MessengerService } from "../../../workers/messenger/MessengerService";
import type { BroadcastLike } from "../../../workers/relay/relayProtocol";
import { leaderLockName } from "../../../workers/relay/relayProtocol";
import { createBroadcastHub } from "../../support/workers/broadcastHub";
import { FakeImServer } from "../../support/workers/fakeImServer";
import { FakeRestApi } from "../../support/workers/fakeRestApi";
import {
  createMockLockManager,
  type MockLockManager,
} from "../../support/workers/mockLocks";
import { settle, until } from "../../support/workers/testMessenger";

const peer = { channelId: "peer-1", channelType: 1 };

interface TestWorker {
  name: string;
  api: MessengerApi;
  events: MessengerEvent[];
  worker: ReturnType<typeof runDedicatedWorker>;
  channels: BroadcastLike[];
  /** The tab closes: its lock goes, its worker and sockets die with it. */
  kill(): Promise<void>;
  releaseTabLock?: () => void;
}

let locks: MockLockManager;
let hub: ReturnType<typeof createBroadcastHub>;
let server: FakeImServer;
let rest: FakeRestApi;
let uid: string;
let workers: TestWorker[];
let counter = 0;

function startWorker(name: string): TestWorker {
  let exposed: MessengerApi | null = null;
  const channels: BroadcastLike[] = [];
  const worker = runDedicatedWorker({
    routeId: `route-${name}`,
    locks,
    openChannel: () => {
      const channel = hub.open();
      channels.push(channel);
      return channel;
    },
    createService: () =>
      new MessengerService({
        transport: server.transport,
        fetch: rest.fetch,
        uploadTransport: () => Promise.reject(new Error("no uploads here")),
        openDb: openImDb,
        deleteDb: deleteImDb,
        deviceId: () => Promise.resolve(`${"d".repeat(32)}W`),
        now: () => Date.now(),
        randomBytes: (n) => crypto.getRandomValues(new Uint8Array(n)),
        seed: 3,
      }),
    expose: (api) => {
      exposed = api;
    },
  });
  const entry: TestWorker = {
    name,
    api: exposed!,
    events: [],
    worker,
    channels,
    kill: async () => {
      entry.releaseTabLock?.();
      const service = worker.service;
      worker.stop();
      for (const channel of channels) channel.close();
      // NOTE: a dead worker's sockets close with it.
      if (service !== null) await service.stop(true);
    },
  };
  workers.push(entry);
  return entry;
}

async function attachTab(w: TestWorker): Promise<void> {
  const lockName = `fuyuan-tab-${w.name}`;
  w.releaseTabLock = await locks.hold(lockName);
  expect(
    await w.api.attach({
      tabId: `tab-${w.name}`,
      lockName,
      apiVersion: API_VERSION,
    }),
  ).toMatchObject({ ok: true });
  expect(
    await w.api.subscribe((event) => {
      w.events.push(event);
    }),
  ).toEqual({ ok: true, value: null });
}

beforeEach(() => {
  counter += 1;
  locks = createMockLockManager();
  hub = createBroadcastHub();
  server = new FakeImServer();
  rest = new FakeRestApi();
  uid = `leader-test-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  workers = [];
});

afterEach(async () => {
  for (const w of workers) await w.kill();
  await deleteImDb(uid);
});

const startArgs = () => ({
  imUid: uid,
  imToken: "im-token",
  apiBase: rest.base,
  accessToken: "access",
  wsUrl: "ws://im.test/im",
});

describe("dedicated-worker fallback", () => {
  it("one leader owns the only socket; another tab's calls and events relay through it", async () => {
    const a = startWorker("a");
    await until(() => {
      expect(a.worker.service).not.toBeNull();
    });
    const b = startWorker("b");
    await until(() => {
      expect(b.worker.client?.leaderId).toBe("route-a");
    });
    expect(b.worker.service).toBeNull();
    expect(locks.held()).toContain(leaderLockName(API_VERSION));

    await attachTab(a);
    await attachTab(b);
    expect(await b.api.start(startArgs())).toMatchObject({
      ok: true,
      value: { imUid: uid },
    });
    await until(() => {
      expect(
        b.events.some(
          (e) => e.type === "status" && e.status.connection === "Connected",
        ),
      ).toBe(true);
    });
    expect(server.sockets).toHaveLength(1);

    const sent = await b.api.sendText({
      channel: peer,
      text: "via the leader",
    });
    expect(sent.ok).toBe(true);
    await until(() => {
      expect(server.last.framesOf(Op.SEND)).toHaveLength(1);
    });
    expect(server.last.sends()[0]!.content).toEqual({
      content: "via the leader",
      type: 1,
    });
    await until(() => {
      expect(a.events.some((e) => e.type === "messagesChanged")).toBe(true);
      expect(b.events.some((e) => e.type === "messagesChanged")).toBe(true);
    });
  });

  it("when the leader's tab dies, the next worker leads at once, reconnects and replays its tab's session", async () => {
    const a = startWorker("a");
    await until(() => {
      expect(a.worker.service).not.toBeNull();
    });
    const b = startWorker("b");
    await until(() => {
      expect(b.worker.client?.leaderId).toBe("route-a");
    });
    await attachTab(a);
    await attachTab(b);
    await b.api.hint({ online: true, visible: true });
    await b.api.openConversation({ channel: peer });
    await a.api.start(startArgs());
    await b.api.start(startArgs());
    await until(() => {
      expect(server.last.connect).not.toBeNull();
    });
    // A message goes out on the leader's socket but is never acknowledged.
    const pending = await b.api.sendText({ channel: peer, text: "in flight" });
    await until(() => {
      expect(server.last.framesOf(Op.SEND)).toHaveLength(1);
    });

    const tookOverAt = Date.now();
    await a.kill();
    await until(() => {
      expect(b.worker.service).not.toBeNull();
      expect(b.worker.client?.leaderId).toBe("route-b");
    });
    await until(() => {
      expect(b.worker.service!.status()).toMatchObject({
        connection: "Connected",
        imUid: uid,
      });
    });
    expect(Date.now() - tookOverAt).toBeLessThan(3_000);
    expect(server.sockets).toHaveLength(2);
    expect(server.open).toHaveLength(1);
    // The new leader knows tab b and what it shows.
    expect(b.worker.service!.hasTab("tab-b")).toBe(true);
    expect(b.worker.service!.hasTab("tab-a")).toBe(false);

    // The unacknowledged message goes out again from the new leader, with DUP.
    await until(() => {
      expect(server.last.framesOf(Op.SEND)).toHaveLength(1);
    });
    const [resent] = server.last.sends();
    expect(resent!.frame.clientMsgNo).toBe(
      pending.ok ? pending.value.clientMsgNo : "",
    );
    expect(resent!.frame.dup).toBe(true);

    // Tab b keeps working and hearing events.
    const before = b.events.length;
    expect(
      (await b.api.sendText({ channel: peer, text: "after the hand-over" })).ok,
    ).toBe(true);
    await until(() => {
      expect(b.events.length).toBeGreaterThan(before);
    });
    await settle();
  });

  it("a follower tab that dies is forgotten by the leader", async () => {
    const a = startWorker("a");
    await until(() => {
      expect(a.worker.service).not.toBeNull();
    });
    const b = startWorker("b");
    await until(() => {
      expect(b.worker.client?.leaderId).toBe("route-a");
    });
    await attachTab(a);
    await attachTab(b);
    const service = a.worker.service!;
    expect(service.hasTab("tab-b")).toBe(true);
    await b.kill();
    await until(() => {
      expect(service.hasTab("tab-b")).toBe(false);
    });
    expect(service.hasTab("tab-a")).toBe(true);
  });
});
