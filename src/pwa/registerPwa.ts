// Starts the PWA layer in the tab: install capture, sync and quota tracking,
// persistence after sign-in, the manifest link once the first page has settled, and the service
// worker (workbox-window) with its update checks and the gated, cross-tab update on the next
// navigation (its gate read again while it is held). Does nothing to the SW in dev unless PWA_DEV.
import { subscribe } from "valtio";
import { subscribeKey } from "valtio/utils";
import { pwaInfo } from "virtual:pwa-info";
import { session } from "../state/session";
import { pwaState } from "./pwaState";
import { afterPageSettled } from "./afterPageSettled";
import { clearDraftOnPagehide, isDraftActive } from "./draftActive";
import { captureInstallPrompt } from "./installPrompt";
import { linkManifest } from "./manifestLink";
import { networkQuiet } from "./networkQuiet";
import { firstPageShown, onNavigation } from "./routeHooks";
import { countPendingOutbox } from "./outboxCount";
import { requestPersistence, watchQuotaErrors } from "./storagePersistence";
import { trackSync } from "./syncTracker";
import { scheduleUpdateChecks } from "./updateChecks";
import {
  createUpdateController,
  type UpdateController,
} from "./updateController";

const CHANNEL = "fuyuan-pwa";
const ACTIVATE_TIMEOUT_MS = 5000;
/** How long the page must load nothing before the new build is asked to take over. */
const ACTIVATE_QUIET_MS = 300;
/** The most an update waits for that (a page that never stops loading still gets it). */
const ACTIVATE_QUIET_DEADLINE_MS = 3000;
/** How often a held update reads its gate again (only while the banner says it is held). */
const HELD_RECHECK_MS = 2000;

interface ActivatedMessage {
  type: "activated";
  /** The build the sender was running: every tab of that build follows. */
  from: string;
}

let controller: UpdateController | null = null;

/** The running update controller (null before registration or without a service worker). */
export function updateController(): UpdateController | null {
  return controller;
}

function askPersistenceAfterSignIn(): void {
  let asked = false;
  const check = () => {
    if (!asked && session.user !== null) {
      asked = true;
      void requestPersistence();
    }
  };
  check();
  subscribe(session, check);
}

/**
 * While an update is held by the outbox or a draft, reads its gate every HELD_RECHECK_MS, so the
 * banner says "applies on the next navigation" once the message is out or the draft sent, not only
 * after the next navigation. The outbox is written by the IM worker, the drafts by any tab.
 */
function recheckWhileHeld(ctl: UpdateController, target: Window): void {
  let timer: number | null = null;
  subscribeKey(pwaState, "updateBlocked", (reason) => {
    const held = reason === "outbox" || reason === "draft";
    if (held && timer === null)
      timer = target.setInterval(() => {
        void ctl.recheck();
      }, HELD_RECHECK_MS);
    else if (!held && timer !== null) {
      target.clearInterval(timer);
      timer = null;
    }
  });
}

export function registerPwa(buildId: string, target: Window = window): void {
  // NOTE: an optional label (VITE_BUILD_LABEL) makes the running build visible to support and tests.
  const label: unknown = import.meta.env.VITE_BUILD_LABEL;
  if (typeof label === "string" && label !== "")
    target.document.documentElement.dataset.build = label;
  captureInstallPrompt(target);
  trackSync(target);
  watchQuotaErrors(target);
  clearDraftOnPagehide(target);
  askPersistenceAfterSignIn();
  if (import.meta.env.DEV && import.meta.env.VITE_PWA_DEV !== "1") return;
  // NOTE: the manifest, and the SW's install that fills the offline cache (every route chunk): not
  // while the first page loads, where they would compete with it for the network (#20).
  const settled = afterPageSettled(target, firstPageShown);
  // NOTE: the manifest's address as vite-plugin-pwa wrote it (undefined when it builds none).
  const manifest = pwaInfo?.webManifest.href;
  if (manifest !== undefined)
    void settled.then(() => {
      linkManifest(target.document, manifest);
    });
  if (!("serviceWorker" in target.navigator)) return;
  void settled.then(() => startServiceWorker(buildId, target));
}

async function startServiceWorker(
  buildId: string,
  target: Window,
): Promise<void> {
  const { Workbox } = await import("workbox-window");
  const wb = new Workbox("/sw.js", { scope: "/" });
  const channel =
    typeof BroadcastChannel === "function"
      ? new BroadcastChannel(CHANNEL)
      : null;
  const sw = target.navigator.serviceWorker;
  let activating = false;
  /** This tab asked the new build to take over and it had not by the time limit. */
  let late = false;

  const activate = () =>
    new Promise<boolean>((resolve) => {
      activating = true;
      const done = (tookOver: boolean) => {
        target.clearTimeout(timer);
        sw.removeEventListener("controllerchange", onChange);
        activating = false;
        late = !tookOver;
        resolve(tookOver);
      };
      const onChange = () => {
        done(true);
      };
      const timer = target.setTimeout(() => {
        done(false);
      }, ACTIVATE_TIMEOUT_MS);
      sw.addEventListener("controllerchange", onChange);
      wb.messageSkipWaiting();
    });

  const ctl = createUpdateController({
    buildId,
    pendingOutbox: () => countPendingOutbox(),
    draftActive: () => isDraftActive(target.localStorage),
    pageQuiet: () =>
      networkQuiet(target, ACTIVATE_QUIET_MS, ACTIVATE_QUIET_DEADLINE_MS),
    sessionStorage: target.sessionStorage,
    activate,
    broadcast: () => {
      const message: ActivatedMessage = { type: "activated", from: buildId };
      channel?.postMessage(message);
    },
    reload: () => {
      target.location.reload();
    },
  });
  controller = ctl;

  const follow = () => {
    ctl.followOtherTab();
    // NOTE: a hidden tab has no one reading it: it follows now unless the gate holds it.
    if (target.document.visibilityState === "hidden") void ctl.apply();
  };
  if (channel !== null)
    channel.onmessage = (event: MessageEvent<ActivatedMessage>) => {
      if (event.data.from === buildId) follow();
    };
  const hadController = sw.controller !== null;
  sw.addEventListener("controllerchange", () => {
    if (!hadController || activating) return;
    follow();
    // NOTE: this tab already asked for the update (a navigation) and it came late: apply it now,
    // the gate (outbox, drafts) checked again.
    if (late) {
      late = false;
      void ctl.apply();
    }
  });

  wb.addEventListener("waiting", () => {
    ctl.setWaiting();
  });
  recheckWhileHeld(ctl, target);
  onNavigation(() => {
    void ctl.apply();
  });
  try {
    await wb.register({ immediate: true });
  } catch (error) {
    console.error("Service worker registration failed", error);
    return;
  }
  scheduleUpdateChecks(
    () => {
      void wb.update().catch(() => undefined);
    },
    target as unknown as Parameters<typeof scheduleUpdateChecks>[1],
  );
}
