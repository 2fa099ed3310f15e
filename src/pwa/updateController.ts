// Decides when a waiting build is applied: at the next route navigation, never while the outbox has
// unsent messages or a draft is being typed in any tab, and never twice for the same build (loop
// guard). It does no I/O itself: the service worker, Dexie and the page come in as `UpdateDeps`.
import { pwaState, type UpdateBlock } from "./pwaState";

const RELOAD_KEY = "fuyuan-update-reloaded-from";

export interface UpdateDeps {
  /** The running build's id (its entry chunk URL). */
  readonly buildId: string;
  /** Unsent messages in this user's outbox. */
  readonly pendingOutbox: () => Promise<number>;
  readonly draftActive: () => boolean;
  readonly sessionStorage: Pick<Storage, "getItem" | "setItem">;
  /** Activates the waiting service worker (messageSkipWaiting) and resolves once it controls. */
  readonly activate: () => Promise<void>;
  /** Tells the other tabs of this build to follow. */
  readonly broadcast: () => void;
  readonly reload: () => void;
}

export type ApplyResult = "none" | UpdateBlock | "applied";

export interface UpdateController {
  /** A new build is installed and waiting (this tab saw it). */
  setWaiting: () => void;
  /** Another tab activated the new build: this one follows at its next chance. */
  followOtherTab: () => void;
  /** Called on every route navigation (and by the "update now" button). */
  apply: () => Promise<ApplyResult>;
}

export function createUpdateController(deps: UpdateDeps): UpdateController {
  let mode: "idle" | "waiting" | "activated" = "idle";
  let applying = false;

  const block = (reason: UpdateBlock): ApplyResult => {
    pwaState.updateBlocked = reason;
    return reason;
  };

  return {
    setWaiting() {
      if (mode === "idle") mode = "waiting";
      pwaState.updateReady = true;
    },
    followOtherTab() {
      mode = "activated";
      pwaState.updateReady = true;
    },
    async apply() {
      if (mode === "idle" || applying) return "none";
      applying = true;
      try {
        if (deps.sessionStorage.getItem(RELOAD_KEY) === deps.buildId)
          return block("loop");
        if ((await deps.pendingOutbox()) > 0) return block("outbox");
        if (deps.draftActive()) return block("draft");
        pwaState.updateBlocked = null;
        if (mode === "waiting") {
          await deps.activate();
          deps.broadcast();
        }
        deps.sessionStorage.setItem(RELOAD_KEY, deps.buildId);
        deps.reload();
        return "applied";
      } finally {
        applying = false;
      }
    },
  };
}
