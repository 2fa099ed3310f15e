// The only writer of src/state/im.ts: turns the worker's events into the tab's messenger state
// (status, kick, upload progress, errors) and the unread counters the session loads.
import type { MessengerEvent } from "../../workers/api";
import {
  forgetUpload,
  resetIm,
  setImError,
  setImKicked,
  setImStatus,
  setUnreadCounters,
  setUploadProgress,
} from "../state/im";

/** Upload progress entries are dropped this long after success, so the map does not grow. */
export const FINISHED_UPLOAD_TTL_MS = 5_000;

/** Applies one worker event to the state. */
export function mirrorImEvent(event: MessengerEvent): void {
  switch (event.type) {
    case "status":
      setImStatus(event.status);
      return;
    case "kicked":
      setImKicked(event.reason);
      return;
    case "uploadProgress": {
      const { clientMsgNo, state, loaded, total } = event;
      setUploadProgress(clientMsgNo, { state, loaded, total });
      if (state === "success")
        setTimeout(() => {
          forgetUpload(clientMsgNo);
        }, FINISHED_UPLOAD_TTL_MS);
      return;
    }
    case "error":
      setImError(event.error);
      return;
    case "loggedOut":
      resetIm();
      return;
    case "conversationsChanged":
    case "readsReported":
    case "messagesChanged":
    case "command":
    case "authRequired":
      // NOTE: data changes are read from IndexedDB (liveQuery); commands and tokens are imSession's.
      return;
  }
}

/** Stores the unread total in the counter of the user's role (service staff, monk). */
export function mirrorUnreadCount(
  unread: number,
  user: { readonly isService: 0 | 1; readonly isMonk: 0 | 1 },
): void {
  setUnreadCounters(unread, {
    isService: user.isService === 1,
    isMonk: user.isMonk === 1,
  });
}

/** The session ended in this tab. */
export function mirrorSignedOut(): void {
  resetIm();
}
