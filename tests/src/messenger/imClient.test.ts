// imClient against the real worker-side facade over a MessageChannel (the SharedWorker's port):
// the tab attaches with this API version, subscribes so worker events reach onImEvent listeners,
// reports hints when visibility or the network change, and detaches on pagehide.
import { expose } from "comlink";
import type { MessengerEvent } from "../../../workers/api";
import { createTabMessenger } from "../../../workers/tabs/createTabMessenger";
import { createTabRegistry } from "../../../workers/tabs/tabRegistry";
import {
  connectIm,
  imWorkerMode,
  onImEvent,
  wantsDedicatedWorker,
} from "../../../src/messenger/imClient";
import {
  createTestMessenger,
  type TestMessenger,
} from "../../support/workers/testMessenger";

let t: TestMessenger;

beforeAll(async () => {
  t = await createTestMessenger();
  t.service.detachTab("tab-1");
});

afterAll(async () => {
  await t.dispose();
});

describe("imClient", () => {
  it("?worker=dedicated forces the fallback", () => {
    expect(wantsDedicatedWorker("?worker=dedicated")).toBe(true);
    expect(wantsDedicatedWorker("?worker=shared")).toBe(false);
    expect(wantsDedicatedWorker("")).toBe(false);
  });

  it("attaches, relays events, sends hints and detaches on pagehide", async () => {
    const { port1, port2 } = new MessageChannel();
    const tab = createTabMessenger(t.service, "c1", {
      liveness: createTabRegistry(undefined),
    });
    expose(tab.api, port1);
    const events: MessengerEvent[] = [];
    const stop = onImEvent((event) => events.push(event));

    const connection = connectIm({ endpoint: port2, mode: "shared" });
    expect(connectIm({ endpoint: port2, mode: "shared" })).toBe(connection);
    expect(imWorkerMode()).toBe("shared");
    const api = await connection.ready;
    expect(t.service.hasTab(connection.tabId)).toBe(true);
    await vi.waitFor(() => {
      expect(events.some((e) => e.type === "status")).toBe(true);
    });

    const status = await api.status({});
    expect(status).toMatchObject({
      ok: true,
      value: { connection: "Disconnect", online: true },
    });

    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    window.dispatchEvent(new Event("offline"));
    await vi.waitFor(() => {
      expect(t.service.status().online).toBe(false);
    });

    window.dispatchEvent(new Event("pagehide"));
    await vi.waitFor(() => {
      expect(t.service.hasTab(connection.tabId)).toBe(false);
    });
    stop();
    port1.close();
    port2.close();
  });
});
