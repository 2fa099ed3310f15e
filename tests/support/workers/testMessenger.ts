// Builds a MessengerService on fakes for unit tests: the FakeImServer transport, the FakeRestApi
// fetch, a scriptable upload transport, a fresh IndexedDB (fake-indexeddb) per user and a
// per-test device database; one tab attached and subscribed, recording its events.
import type { MessengerEvent, StartArgs } from "../../../workers/api";
import { DeviceDb } from "../../../src/db/DeviceDb";
import { deleteImDb, getDeviceId, openImDb } from "../../../src/db/db";
import { MessengerService } from "../../../workers/messenger/MessengerService";
import type {
  UploadRequest,
  UploadResponse,
} from "../../../workers/outbox/uploadTransport";
import { FakeImServer, type FakeServerOptions } from "./fakeImServer";
import { FakeRestApi } from "./fakeRestApi";

let counter = 0;

/** Lets queued microtasks, IndexedDB (setImmediate) and promise chains run. */
export async function settle(rounds = 40): Promise<void> {
  for (let i = 0; i < rounds; i += 1)
    await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * Waits (without moving fake time, unlike vi.waitFor) until `check` stops throwing.
 * @example await until(() => expect(server.sockets).toHaveLength(2));
 */
export async function until(
  check: () => unknown,
  timeoutMs = 2_000,
): Promise<void> {
  // NOTE: performance.now is real time even under fake timers (they fake Date only).
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (performance.now() > deadline) throw error;
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Fake timers that leave setImmediate (fake-indexeddb's scheduler) and microtasks alone. */
export function useServiceTimers(): void {
  vi.useFakeTimers({
    toFake: [
      "setTimeout",
      "clearTimeout",
      "setInterval",
      "clearInterval",
      "Date",
    ],
  });
}

/** An upload the test answers by hand. */
export interface PendingUpload {
  request: UploadRequest;
  respond(response: UploadResponse): void;
  fail(error: unknown): void;
}

export interface TestMessenger {
  server: FakeImServer;
  api: FakeRestApi;
  service: MessengerService;
  events: MessengerEvent[];
  uploads: PendingUpload[];
  uid: string;
  args: StartArgs;
  deviceDb: DeviceDb;
  start(over?: Partial<StartArgs>): Promise<void>;
  /** Starts and completes the handshake; resolves when Connected. */
  connect(): Promise<void>;
  eventsOf<T extends MessengerEvent["type"]>(
    type: T,
  ): Extract<MessengerEvent, { type: T }>[];
  dispose(): Promise<void>;
}

export function createTestMessenger(
  options: { server?: FakeServerOptions; uid?: string } = {},
): Promise<TestMessenger> {
  counter += 1;
  const uid =
    options.uid ?? `me-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  const server = new FakeImServer(options.server);
  const api = new FakeRestApi();
  const deviceDb = new DeviceDb(`fuyuan-device-test-${counter}-${uid}`);
  const uploads: PendingUpload[] = [];
  const service = new MessengerService({
    transport: server.transport,
    fetch: api.fetch,
    uploadTransport: (request) =>
      new Promise<UploadResponse>((resolve, reject) => {
        uploads.push({ request, respond: resolve, fail: reject });
        request.signal.addEventListener("abort", () => {
          reject(new DOMException("aborted", "AbortError"));
        });
      }),
    openDb: openImDb,
    deleteDb: deleteImDb,
    deviceId: () => getDeviceId(deviceDb),
    now: () => Date.now(),
    randomBytes: (n) => crypto.getRandomValues(new Uint8Array(n)),
    seed: 7,
  });
  const events: MessengerEvent[] = [];
  service.attachTab("tab-1");
  service.subscribe("tab-1", (event) => {
    events.push(event);
  });
  const args: StartArgs = {
    imUid: uid,
    imToken: `im-token-${uid}`,
    apiBase: api.base,
    accessToken: "access-1",
    wsUrl: "ws://im.test/im",
  };
  const session: TestMessenger = {
    server,
    api,
    service,
    events,
    uploads,
    uid,
    args,
    deviceDb,
    start: async (over = {}) => {
      await service.start({ ...args, ...over });
    },
    connect: async () => {
      await session.start();
      await until(() => {
        expect(service.status().connection).toBe("Connected");
      });
      await settle();
    },
    eventsOf: (type) =>
      events.filter(
        (e): e is Extract<MessengerEvent, { type: typeof type }> =>
          e.type === type,
      ),
    dispose: async () => {
      await service.logout(uid);
      deviceDb.close();
      await settle(5);
    },
  };
  return Promise.resolve(session);
}
