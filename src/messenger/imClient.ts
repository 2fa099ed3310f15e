// The tab's one connection to the IM worker and the only `wrap<MessengerApi>`: starts the
// SharedWorker (or, without SharedWorker or with `?worker=dedicated`, a dedicated Worker that joins
// the leader election), holds this tab's Web Lock, attaches, reports online/visibility hints,
// detaches on pagehide, and hands worker events to listeners (imMirror). Feature code calls `imApi()`.
import { proxy, wrap, type Remote } from "comlink";
import {
  API_VERSION,
  type Result,
  type MessengerApi,
  type MessengerEvent,
  type MessengerStatus,
} from "../../workers/api";

/** How this tab reaches the worker. */
export type WorkerMode = "shared" | "dedicated";

/** The SharedWorker's name: a new API version gets a new worker (and never talks to an old one). */
export const IM_WORKER_NAME = `fuyuan-im-${API_VERSION}`;

/** The endpoint comlink talks to, plus how it was made (tests pass their own). */
export interface WorkerEndpoint {
  readonly endpoint: MessagePort | Worker;
  readonly mode: WorkerMode;
}

type Listener = (event: MessengerEvent) => void;

interface ImConnection {
  readonly api: Remote<MessengerApi>;
  readonly mode: WorkerMode;
  readonly tabId: string;
  /** Resolves once this tab is attached and subscribed. */
  readonly ready: Promise<Remote<MessengerApi>>;
}

const listeners = new Set<Listener>();
let connection: ImConnection | null = null;

/** `?worker=dedicated` forces the dedicated-worker fallback (debugging). */
export function wantsDedicatedWorker(search: string): boolean {
  return new URLSearchParams(search).get("worker") === "dedicated";
}

/** Starts the worker this browser supports. */
export function startWorker(search: string = location.search): WorkerEndpoint {
  if (typeof SharedWorker === "function" && !wantsDedicatedWorker(search)) {
    const worker = new SharedWorker(
      new URL("../../workers/messenger/messenger.worker.ts", import.meta.url),
      { type: "module", name: IM_WORKER_NAME },
    );
    return { endpoint: worker.port, mode: "shared" };
  }
  const worker = new Worker(
    new URL("../../workers/messenger/messenger.worker.ts", import.meta.url),
    { type: "module", name: IM_WORKER_NAME },
  );
  return { endpoint: worker, mode: "dedicated" };
}

/** Takes this tab's life-long Web Lock; resolves once it is held (the worker watches it). */
function holdTabLock(name: string): Promise<void> {
  if (!("locks" in navigator)) return Promise.resolve();
  return new Promise((held) => {
    void navigator.locks.request(name, () => {
      held();
      return new Promise<never>(() => undefined);
    });
  });
}

function hints(): { online: boolean; visible: boolean } {
  return {
    online: navigator.onLine,
    visible: document.visibilityState === "visible",
  };
}

function unwrap<T>(result: Result<T>): T {
  if (!result.ok)
    throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

async function attach(
  api: Remote<MessengerApi>,
  tabId: string,
  lockName: string,
): Promise<MessengerStatus> {
  const status = unwrap(
    await api.attach({ tabId, lockName, apiVersion: API_VERSION }),
  );
  unwrap(
    await api.subscribe(
      proxy((event: MessengerEvent) => {
        for (const listener of [...listeners]) listener(event);
      }),
    ),
  );
  unwrap(await api.hint(hints()));
  return status;
}

/**
 * The worker connection of this tab, created on first use. `given` is for tests.
 * @example const api = await imApi(); await api.sendText({ channel, text });
 */
export function connectIm(given?: WorkerEndpoint): ImConnection {
  if (connection !== null) return connection;
  // NOTE: started only here: a default parameter would start a worker on every call.
  const endpoint = given ?? startWorker();
  const api = wrap<MessengerApi>(endpoint.endpoint);
  const tabId = crypto.randomUUID();
  const lockName = `fuyuan-tab-${tabId}`;
  const ready = holdTabLock(lockName)
    .then(() => attach(api, tabId, lockName))
    .then(() => api);
  const sendHints = () => {
    void ready.then(async (a) => {
      await a.hint(hints());
    });
  };
  window.addEventListener("online", sendHints);
  window.addEventListener("offline", sendHints);
  document.addEventListener("visibilitychange", sendHints);
  window.addEventListener("pagehide", () => {
    void api.detach({});
  });
  window.addEventListener("pageshow", (event) => {
    // NOTE: a page restored from the back/forward cache detached on pagehide: attach again.
    if (event.persisted) void attach(api, tabId, lockName);
  });
  connection = { api, mode: endpoint.mode, tabId, ready };
  return connection;
}

/** The attached worker API (starting the worker on first use). */
export function imApi(): Promise<Remote<MessengerApi>> {
  return connectIm().ready;
}

/** Calls `listener` with every event the worker sends this tab; returns the function that stops it. */
export function onImEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** How this tab reaches the worker, once connected. */
export function imWorkerMode(): WorkerMode | null {
  return connection?.mode ?? null;
}
