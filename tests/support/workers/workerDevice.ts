// One browser profile of the IM client, in Node: the worker's MessengerService over a real WebSocket
// (the `ws` package), its own IndexedDB databases (fake-indexeddb; names carry the profile, so two
// profiles of one user never share storage) and N tabs, each a createTabMessenger facade that attached
// and subscribed as a tab of the SharedWorker does (one connection serves them all).
import "fake-indexeddb/auto";
import { Dexie } from "dexie";
import WebSocket from "ws";
import { API_VERSION, type MessengerEvent } from "../../../workers/api";
import { AppDb } from "../../../src/db/AppDb";
import { DeviceDb } from "../../../src/db/DeviceDb";
import { getDeviceId } from "../../../src/db/db";
import {
  createSocketTransport,
  type Transport,
  type WebSocketConstructor,
} from "../../../workers/connection/socketTransport";
import { MessengerService } from "../../../workers/messenger/MessengerService";
import {
  createTabMessenger,
  type TabMessenger,
} from "../../../workers/tabs/createTabMessenger";
import { fetchUploadTransport } from "../../../workers/outbox/uploadTransport";

/** The worker's transport over the `ws` package. */
export const wsTransport: Transport = createSocketTransport(
  WebSocket as unknown as WebSocketConstructor,
);

/** One tab: the facade it talks to and the events it received. */
export interface WorkerTab {
  readonly id: string;
  readonly api: TabMessenger["api"];
  readonly events: MessengerEvent[];
}

/** A browser profile: one worker (one connection), its databases and its tabs. */
export interface WorkerDevice {
  readonly name: string;
  readonly service: MessengerService;
  /** The stable device id its CONNECT carries. */
  readonly deviceId: string;
  readonly tabs: readonly WorkerTab[];
  /** Logs out (deleting the IM database) and closes the device database. */
  close(): Promise<void>;
}

export interface WorkerDeviceOptions {
  /** Unique per process: it names the profile's databases. */
  readonly name: string;
  readonly tabs: number;
  /** Seed of the reconnect jitter. */
  readonly seed: number;
  readonly transport?: Transport;
  readonly fetch?: typeof fetch;
  /** Sees every event any of its tabs receives. */
  readonly onEvent?: (tabId: string, event: MessengerEvent) => void;
}

/** Sets up a profile with `tabs` attached and subscribed tabs (no session started yet). */
export async function createWorkerDevice(
  options: WorkerDeviceOptions,
): Promise<WorkerDevice> {
  const deviceDb = new DeviceDb(`fuyuan-device-${options.name}`);
  const imDbs = new Map<string, AppDb>();
  const imDbName = (imUid: string) =>
    `fuyuan-im-${options.name}-${encodeURIComponent(imUid)}`;
  const service = new MessengerService({
    transport: options.transport ?? wsTransport,
    fetch: options.fetch ?? fetch,
    uploadTransport: fetchUploadTransport(),
    openDb: (imUid) => {
      let db = imDbs.get(imUid);
      if (db === undefined) {
        db = new AppDb(imDbName(imUid));
        imDbs.set(imUid, db);
      }
      return db;
    },
    deleteDb: async (imUid) => {
      imDbs.get(imUid)?.close();
      imDbs.delete(imUid);
      await Dexie.delete(imDbName(imUid));
    },
    deviceId: () => getDeviceId(deviceDb),
    now: () => Date.now(),
    randomBytes: (n) => crypto.getRandomValues(new Uint8Array(n)),
    seed: options.seed,
  });
  const tabs: WorkerTab[] = [];
  for (let i = 0; i < options.tabs; i++) {
    const id = `${options.name}-tab-${i + 1}`;
    const { api } = createTabMessenger(service, id, {
      liveness: { watch: () => undefined, unwatch: () => undefined },
    });
    const attached = await api.attach({
      tabId: id,
      lockName: "",
      apiVersion: API_VERSION,
    });
    if (!attached.ok) throw new Error(`attach ${id}: ${attached.error.code}`);
    const events: MessengerEvent[] = [];
    const subscribed = await api.subscribe((event) => {
      events.push(event);
      options.onEvent?.(id, event);
    });
    if (!subscribed.ok)
      throw new Error(`subscribe ${id}: ${subscribed.error.code}`);
    tabs.push({ id, api, events });
  }
  return {
    name: options.name,
    service,
    deviceId: await getDeviceId(deviceDb),
    tabs,
    close: async () => {
      await service.logout();
      deviceDb.close();
      await Dexie.delete(deviceDb.name);
    },
  };
}
