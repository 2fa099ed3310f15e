// Captures `beforeinstallprompt` so /my can offer "install"; on iOS Safari (no such event) /my
// shows the add-to-home-screen steps instead. Installing also asks for persistent storage.
import { pwaState } from "./pwaState";
import { requestPersistence } from "./storagePersistence";

interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

let deferred: BeforeInstallPromptEvent | null = null;

export function isIos(userAgent: string, maxTouchPoints: number): boolean {
  return (
    /iPhone|iPad|iPod/.test(userAgent) ||
    (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
  );
}

export function isStandalone(target: Window): boolean {
  return (
    (typeof matchMedia === "function" &&
      matchMedia("(display-mode: standalone)").matches) ||
    (target.navigator as Navigator & { standalone?: boolean }).standalone ===
      true
  );
}

export function captureInstallPrompt(target: Window): void {
  if (isStandalone(target)) pwaState.install = "installed";
  else if (isIos(target.navigator.userAgent, target.navigator.maxTouchPoints))
    pwaState.install = "ios";
  target.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    pwaState.install = "prompt";
  });
  target.addEventListener("appinstalled", () => {
    deferred = null;
    pwaState.install = "installed";
    void requestPersistence();
  });
}

/** Shows the browser's install dialog; resolves to whether the user accepted. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (event === null) return false;
  deferred = null;
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === "dismissed") pwaState.install = "none";
  return outcome === "accepted";
}
