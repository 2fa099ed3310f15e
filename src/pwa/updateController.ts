// Decides when a waiting build is applied: at the next route navigation once that page's requests
// are done, never while the outbox has unsent messages or a draft is being typed in any tab, and
// never twice for the same build (loop guard). While it is held, `recheck` keeps the stated reason
// current. It does no I/O itself: the service worker, Dexie and the page come in as `UpdateDeps`.
import { pwaState, type UpdateBlock } from "./pwaState";

const RELOAD_KEY = "fuyuan-update-reloaded-from";

export interface UpdateDeps {
  /** The running build's id (its entry chunk URL). */
  readonly buildId: string;
  /** Unsent messages in this user's outbox. */
  readonly pendingOutbox: () => Promise<number>;
  readonly draftActive: () => boolean;
  /**
   * Resolves once the page has stopped loading things (bounded). Chromium activates a worker that
   * asked to skip waiting only once the old one is idle; a request reaching the old one within a
   * few ms of the ask (a navigation's own images and data) leaves the new one waiting until the old
   * one stops on its idle timeout, which never comes while DevTools is attached (two requests were
   * enough in Chromium 156: docs/architecture.md).
   */
  readonly pageQuiet: () => Promise<void>;
  readonly sessionStorage: Pick<Storage, "getItem" | "setItem">;
  /**
   * Activates the waiting service worker (messageSkipWaiting); true once it controls the tab, false
   * when it did not within a time limit (the browser holds activation while the old worker still
   * has requests in flight).
   */
  readonly activate: () => Promise<boolean>;
  /** Tells the other tabs of this build to follow. */
  readonly broadcast: () => void;
  readonly reload: () => void;
}

/** "late": the new build did not take over in time; nothing reloaded (it applies once it does). */
export type ApplyResult = "none" | UpdateBlock | "late" | "applied";

export interface UpdateController {
  /** A new build is installed and waiting (this tab saw it). */
  setWaiting: () => void;
  /** Another tab activated the new build: this one follows at its next chance. */
  followOtherTab: () => void;
  /** Called on every route navigation (and by the "update now" button). */
  apply: () => Promise<ApplyResult>;
  /**
   * Reads the gate of an update held by the outbox or a draft again, without applying it: the
   * banner then says why it still waits, or that the next navigation applies it.
   */
  recheck: () => Promise<void>;
}

export function createUpdateController(deps: UpdateDeps): UpdateController {
  let mode: "idle" | "waiting" | "activated" = "idle";
  let applying = false;

  const block = (reason: UpdateBlock): ApplyResult => {
    pwaState.updateBlocked = reason;
    return reason;
  };
  /** What holds the update now besides the loop guard (null: nothing). */
  const held = async (): Promise<"outbox" | "draft" | null> => {
    if ((await deps.pendingOutbox()) > 0) return "outbox";
    if (deps.draftActive()) return "draft";
    return null;
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
        // NOTE: before the gate is read, so a draft begun meanwhile still holds the update.
        if (mode === "waiting") await deps.pageQuiet();
        const reason = await held();
        if (reason !== null) return block(reason);
        pwaState.updateBlocked = null;
        if (mode === "waiting") {
          // NOTE: a reload before the new worker controls would only reload the old build.
          if (!(await deps.activate())) return "late";
          mode = "activated";
          deps.broadcast();
        }
        deps.sessionStorage.setItem(RELOAD_KEY, deps.buildId);
        deps.reload();
        return "applied";
      } finally {
        applying = false;
      }
    },
    async recheck() {
      const stated = pwaState.updateBlocked;
      if (mode === "idle" || applying) return;
      if (stated !== "outbox" && stated !== "draft") return;
      const reason = await held();
      // NOTE: an apply that ends after this read writes its own answer last, so it stands.
      if (pwaState.updateBlocked === stated) pwaState.updateBlocked = reason;
    },
  };
}
