// The PWA's state in the tab (valtio): update readiness and why it waits, the network, the last
// successful sync, the install offer and storage persistence. Written only by src/pwa/*.
import { proxy } from "valtio";

/** Why a ready update is not applied yet. */
export type UpdateBlock = "outbox" | "draft" | "loop";

export type InstallOffer = "none" | "prompt" | "ios" | "installed";

export interface PwaState {
  /** A new build is installed and waiting (or another tab activated it). */
  updateReady: boolean;
  updateBlocked: UpdateBlock | null;
  online: boolean;
  /** Epoch ms of the last successful API/IM activity; null before the first one. */
  lastSyncedAt: number | null;
  install: InstallOffer;
  /** navigator.storage.persist() result; null before it was asked. */
  persisted: boolean | null;
  /** Set when the browser refused to store data (quota). */
  quotaError: boolean;
}

export const pwaState = proxy<PwaState>({
  updateReady: false,
  updateBlocked: null,
  online: typeof navigator === "undefined" ? true : navigator.onLine,
  lastSyncedAt: null,
  install: "none",
  persisted: null,
  quotaError: false,
});
