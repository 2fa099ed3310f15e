// The messenger's state in the tab (valtio): connection status, kick, the service and monk unread
// counters, upload progress and the last background error. Written only by src/messenger/imMirror.ts
// (through these actions); components read it with useSnapshot. Messages live in IndexedDB.
import { proxy } from "valtio";
import {
  ConnectionStatus,
  type KickReason,
  type MessengerError,
  type MessengerStatus,
  type UploadState,
} from "../../workers/api";

export interface UploadProgress {
  state: UploadState;
  loaded: number;
  total: number;
}

export interface ImState {
  connection: ConnectionStatus;
  /** The IM uid the worker's session belongs to; null when there is none. */
  imUid: string | null;
  /** Whether any tab reports the network online. */
  online: boolean;
  /** Set when the server ended the session (ConnectKick). */
  kicked: KickReason | null;
  /** Unread total, kept only for service staff (product spec §4). */
  serviceUnread: number;
  /** Unread total, kept only for monks. */
  monkUnread: number;
  /** Uploads in progress or recently finished, by clientMsgNo. */
  uploads: Record<string, UploadProgress>;
  /** The last failure the worker reported in the background. */
  lastError: MessengerError | null;
}

function initialState(): ImState {
  return {
    connection: ConnectionStatus.DISCONNECT,
    imUid: null,
    online: true,
    kicked: null,
    serviceUnread: 0,
    monkUnread: 0,
    uploads: {},
    lastError: null,
  };
}

export const im = proxy<ImState>(initialState());

export function setImStatus(status: MessengerStatus): void {
  im.connection = status.connection;
  im.imUid = status.imUid;
  im.online = status.online;
  im.kicked = status.kick ?? null;
}

export function setImKicked(reason: KickReason): void {
  im.kicked = reason;
}

/** Stores `unread` in the counter of the user's role(s); other counters stay 0. */
export function setUnreadCounters(
  unread: number,
  roles: { readonly isService: boolean; readonly isMonk: boolean },
): void {
  im.serviceUnread = roles.isService ? unread : 0;
  im.monkUnread = roles.isMonk ? unread : 0;
}

export function setUploadProgress(
  clientMsgNo: string,
  progress: UploadProgress,
): void {
  im.uploads[clientMsgNo] = progress;
}

export function forgetUpload(clientMsgNo: string): void {
  im.uploads = Object.fromEntries(
    Object.entries(im.uploads).filter(([key]) => key !== clientMsgNo),
  );
}

export function setImError(error: MessengerError | null): void {
  im.lastError = error;
}

/** Back to the signed-out state (logout here or in another tab). */
export function resetIm(): void {
  Object.assign(im, initialState());
}
