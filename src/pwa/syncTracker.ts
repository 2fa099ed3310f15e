// Tracks the network state and the last moment the app was in sync with the server (the IM
// connection reaching Connected, or still Connected when the network drops), kept in localStorage
// so an offline reload can still say when it last synced.
import { subscribe } from "valtio";
import { ConnectionStatus } from "../../workers/api";
import { im } from "../state/im";
import { pwaState } from "./pwaState";

const KEY = "fuyuan-last-synced-at";

export function readLastSynced(
  storage: Pick<Storage, "getItem">,
): number | null {
  const raw = storage.getItem(KEY);
  const value = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** Records a successful sync at `now`. */
export function markSynced(
  now: number = Date.now(),
  storage: Pick<Storage, "setItem"> = localStorage,
): void {
  pwaState.lastSyncedAt = now;
  try {
    storage.setItem(KEY, String(now));
  } catch {
    // NOTE: storage full or blocked: the in-memory time still drives the banner.
  }
}

export function trackSync(target: Window): void {
  pwaState.lastSyncedAt = readLastSynced(target.localStorage);
  pwaState.online = target.navigator.onLine;
  const connected = () => im.connection === ConnectionStatus.CONNECTED;
  if (connected()) markSynced();
  let wasConnected = connected();
  subscribe(im, () => {
    const now = connected();
    if (now !== wasConnected) markSynced();
    wasConnected = now;
  });
  target.addEventListener("online", () => {
    pwaState.online = true;
  });
  target.addEventListener("offline", () => {
    if (connected()) markSynced();
    pwaState.online = false;
  });
}
