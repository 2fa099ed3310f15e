// The messenger's session listener, registered once at start-up (startSession.ts). It loads the
// messenger code lazily, so the worker and comlink stay out of the initial bundle.
import type { SessionListener } from "../session/sessionListeners";

/** Workers exist here (not in very old browsers, nor in jsdom, where the messenger stays off). */
function workersAvailable(): boolean {
  return typeof SharedWorker === "function" || typeof Worker === "function";
}

export const messengerSessionListener: SessionListener = {
  userLoaded: async (user) => {
    if (!workersAvailable()) return;
    const { startMessenger } = await import("./imLifecycle");
    await startMessenger(user);
  },
  resumed: async (credentials) => {
    if (!workersAvailable()) return;
    const { resumeMessenger } = await import("./imLifecycle");
    await resumeMessenger(credentials);
  },
  signedOut: async (event) => {
    if (!workersAvailable()) return;
    const { stopMessenger } = await import("./imLifecycle");
    await stopMessenger(event);
  },
};
