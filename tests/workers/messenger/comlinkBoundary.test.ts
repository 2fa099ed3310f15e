// The comlink boundary over real Node MessageChannels: each tab's facade is exposed on port1 and
// used through wrap<MessengerApi> on port2. Two tabs share one service; results and errors cross as
// plain data; events reach every subscribed tab; a dead tab (its Web Lock released) is forgotten.
import { expose, proxy, wrap, type Remote } from "comlink";
import {
  API_VERSION,
  type MessengerApi,
  type MessengerEvent,
} from "../../../workers/api";
import { createTabMessenger } from "../../../workers/tabs/createTabMessenger";
import type { MessengerService } from "../../../workers/messenger/MessengerService";
import { createTabRegistry } from "../../../workers/tabs/tabRegistry";
import {
  createMockLockManager,
  type MockLockManager,
} from "../../support/workers/mockLocks";
import {
  createTestMessenger,
  settle,
  until,
  type TestMessenger,
} from "../../support/workers/testMessenger";

interface Tab {
  api: Remote<MessengerApi>;
  events: MessengerEvent[];
  ports: MessagePort[];
  die?: () => void;
}

const peer = { channelId: "peer-1", channelType: 1 };

let t: TestMessenger;
let locks: MockLockManager;
let tabs: Tab[];

function connectTab(
  service: MessengerService,
  liveness: ReturnType<typeof createTabRegistry>,
): Tab {
  const { port1, port2 } = new MessageChannel();
  const facade = createTabMessenger(service, `connection-${tabs.length + 1}`, {
    liveness,
  });
  expose(facade.api, port1);
  const api = wrap<MessengerApi>(port2);
  const tab: Tab = { api, events: [], ports: [port1, port2] };
  tabs.push(tab);
  return tab;
}

async function attach(tab: Tab, tabId: string): Promise<void> {
  tab.die = await locks.hold(`fuyuan-tab-${tabId}`);
  const attached = await tab.api.attach({
    tabId,
    lockName: `fuyuan-tab-${tabId}`,
    apiVersion: API_VERSION,
  });
  expect(attached.ok).toBe(true);
  const subscribed = await tab.api.subscribe(
    proxy((event: MessengerEvent) => {
      tab.events.push(event);
    }),
  );
  expect(subscribed).toEqual({ ok: true, value: null });
}

beforeEach(async () => {
  t = await createTestMessenger();
  // NOTE: only the tabs of this file take part (the helper's own recording tab leaves).
  t.service.detachTab("tab-1");
  locks = createMockLockManager();
  tabs = [];
});

afterEach(async () => {
  for (const tab of tabs) for (const port of tab.ports) port.close();
  await t.dispose();
});

describe("MessengerApi over MessageChannel", () => {
  it("two tabs: calls and results cross as plain data; events reach both", async () => {
    const registry = createTabRegistry(locks);
    const a = connectTab(t.service, registry);
    const b = connectTab(t.service, registry);
    await attach(a, "tab-a");
    await attach(b, "tab-b");
    expect(registry.watched().sort()).toEqual(["tab-a", "tab-b"]);

    const started = await a.api.start(t.args);
    expect(started).toMatchObject({ ok: true, value: { imUid: t.uid } });
    await until(() => {
      expect(
        b.events.some(
          (e) => e.type === "status" && e.status.connection === "Connected",
        ),
      ).toBe(true);
    });

    const sent = await b.api.sendText({ channel: peer, text: "from tab b" });
    expect(sent.ok).toBe(true);
    const clientMsgNo = sent.ok ? sent.value.clientMsgNo : "";
    for (const tab of [a, b]) {
      await until(() => {
        expect(
          tab.events.some(
            (e) =>
              e.type === "messagesChanged" &&
              e.clientMsgNos.includes(clientMsgNo),
          ),
        ).toBe(true);
      });
    }
    const status = await a.api.status({});
    expect(status).toEqual({
      ok: true,
      value: { connection: "Connected", imUid: t.uid, online: true },
    });
  });

  it("errors cross as {code, message, retryable}; unknown throws become INTERNAL", async () => {
    const registry = createTabRegistry(locks);
    const a = connectTab(t.service, registry);
    expect(await a.api.sendText({ channel: peer, text: "x" })).toEqual({
      ok: false,
      error: {
        code: "NOT_ATTACHED",
        message: "Call attach first",
        retryable: false,
      },
    });
    const wrongVersion = await a.api.attach({
      tabId: "old",
      lockName: "l",
      apiVersion: API_VERSION + 1,
    });
    expect(wrongVersion).toMatchObject({
      ok: false,
      error: { code: "VERSION_MISMATCH", retryable: false },
    });
    await attach(a, "tab-a");
    expect(await a.api.sendText({ channel: peer, text: "x" })).toMatchObject({
      ok: false,
      error: { code: "NOT_STARTED" },
    });
    await a.api.start(t.args);
    expect(await a.api.sendText({ channel: peer, text: "   " })).toMatchObject({
      ok: false,
      error: { code: "INVALID_ARGUMENT", retryable: false },
    });
    // A bug inside the worker (here: an argument of the wrong shape reaching the store).
    const broken = await a.api.loadOlder({
      channel: null as never,
      beforeSeq: 5,
    });
    expect(broken).toMatchObject({
      ok: false,
      error: { code: "INTERNAL", retryable: false },
    });
    const error = (broken as { error: object }).error;
    expect(Object.keys(error).sort()).toEqual(["code", "message", "retryable"]);
  });

  it("a tab whose Web Lock is released is forgotten: its subscription and views go", async () => {
    const registry = createTabRegistry(locks);
    const a = connectTab(t.service, registry);
    const b = connectTab(t.service, registry);
    await attach(a, "tab-a");
    await attach(b, "tab-b");
    await a.api.start(t.args);
    await a.api.hint({ online: false, visible: true });
    await b.api.hint({ online: true, visible: true });
    await b.api.openConversation({ channel: peer });
    expect(t.service.hasTab("tab-b")).toBe(true);

    b.die!();
    await until(() => {
      expect(t.service.hasTab("tab-b")).toBe(false);
    });
    expect(registry.watched()).toEqual(["tab-a"]);
    // The only tab left says offline: the aggregate follows.
    expect(t.service.status().online).toBe(false);
    const before = b.events.length;
    await a.api.sendText({ channel: peer, text: "after b died" });
    await settle();
    expect(b.events.length).toBe(before);
    expect(a.events.some((e) => e.type === "messagesChanged")).toBe(true);
    // A detached tab must attach again.
    expect(await a.api.detach({})).toEqual({ ok: true, value: null });
    expect(registry.watched()).toEqual([]);
    expect(await a.api.status({})).toMatchObject({ ok: true });
    expect(await a.api.markRead({ channel: peer })).toMatchObject({
      ok: false,
      error: { code: "NOT_ATTACHED" },
    });
  });
});
