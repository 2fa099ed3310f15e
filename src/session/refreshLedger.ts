// The browser-wide record of refresh-token rotations, in IndexedDB: the newest tokens and the last
// refresh tokens they replaced. Written and read only under the refresh Web Lock, so the tab that
// gets the lock next learns whether the refresh token it holds was already spent, and takes its
// successor instead of spending it again (which revokes the whole session).
// NOTE: localStorage cannot carry this hand-off. Chromium copies it between tab processes
// asynchronously, so a tab granted the lock can still read the spent token (59 of 200 hand-offs
// under load in a two-tab probe). An IndexedDB write commits in the browser process before the
// lock is released, so the next holder reads it (0 of 200 in the same probe).
import type { SessionTokens } from "../state/session";

export type RotatedTokens = Pick<
  SessionTokens,
  "accessToken" | "refreshToken" | "accessExpiresAt"
>;

export interface Ledger {
  /** The newest refresh tokens spent by any tab, oldest first. */
  spent: readonly string[];
  /** The tokens the newest rotation produced. */
  tokens: RotatedTokens;
}

const DB_NAME = "fy-session";
const STORE = "ledger";
const KEY = "rotation";
/** Enough for a tab that slept through several rotations. */
export const SPENT_KEPT = 8;
/** A stuck database must not hold the refresh lock: past this, act as if there were no record. */
const LEDGER_TIMEOUT_MS = 2000;

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(STORE);
    };
    request.onsuccess = () => {
      resolve(request.result);
    };
    request.onerror = () => {
      reject(request.error ?? new Error(DB_NAME));
    };
  });
}

/** Runs `work` in one transaction and resolves with its result once the transaction completed. */
async function transact<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore, done: (value: T) => void) => void,
): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      let result: T;
      work(tx.objectStore(STORE), (value) => {
        result = value;
      });
      tx.oncomplete = () => {
        resolve(result);
      };
      tx.onerror = tx.onabort = () => {
        reject(tx.error ?? new Error(DB_NAME));
      };
    });
  } finally {
    db.close();
  }
}

/** `task`, or `fallback` when IndexedDB is missing, fails or does not answer in time. */
async function bounded<T>(task: () => Promise<T>, fallback: T): Promise<T> {
  if (typeof indexedDB === "undefined") return fallback;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => {
      resolve(fallback);
    }, LEDGER_TIMEOUT_MS);
  });
  try {
    return await Promise.race([task(), late]);
  } catch (error) {
    console.warn("Refresh ledger unavailable", error);
    return fallback;
  } finally {
    clearTimeout(timer);
  }
}

function getLedger(store: IDBObjectStore, done: (l?: Ledger) => void): void {
  const request = store.get(KEY);
  request.onsuccess = () => {
    done(request.result as Ledger | undefined);
  };
}

/** The ledger as committed now; null when there is none (or no IndexedDB). */
export function readLedger(): Promise<Ledger | null> {
  return bounded(
    () =>
      transact<Ledger | null>("readonly", (store, done) => {
        getLedger(store, (ledger) => {
          done(ledger ?? null);
        });
      }),
    null,
  );
}

/** The newest tokens when `refreshToken` was already spent by some tab; null otherwise. */
export function successorIn(
  ledger: Ledger | null,
  refreshToken: string,
): RotatedTokens | null {
  return ledger?.spent.includes(refreshToken) === true ? ledger.tokens : null;
}

/** Records that `spent` was exchanged for `tokens`; resolves once that is committed. */
export function recordRotation(
  spent: string,
  tokens: RotatedTokens,
): Promise<void> {
  return bounded(
    () =>
      transact<undefined>("readwrite", (store, done) => {
        getLedger(store, (ledger) => {
          const next: Ledger = {
            spent: [...(ledger?.spent ?? []), spent].slice(-SPENT_KEPT),
            tokens: {
              accessToken: tokens.accessToken,
              refreshToken: tokens.refreshToken,
              accessExpiresAt: tokens.accessExpiresAt,
            },
          };
          store.put(next, KEY);
          done(undefined);
        });
      }),
    undefined,
  );
}

/** Forgets every recorded token (the session ended). */
export function clearLedger(): Promise<void> {
  return bounded(
    () =>
      transact<undefined>("readwrite", (store, done) => {
        store.delete(KEY);
        done(undefined);
      }),
    undefined,
  );
}
