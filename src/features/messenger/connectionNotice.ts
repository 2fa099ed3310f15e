// Which banner the messenger shows for the worker's connection state (workers/api.ts statuses and
// kick reasons). Pure: the banner component translates the result.
import { ConnectionStatus, type KickReason } from "../../../workers/api";

export type ConnectionNotice =
  | "connecting"
  | "reconnecting"
  | "offline"
  | "failed"
  | "signedInElsewhere"
  | "signInAgain";

export interface ConnectionInput {
  readonly connection: ConnectionStatus;
  /** The user the worker's messenger runs for; null before it started (or after logout). */
  readonly imUid: string | null;
  readonly online: boolean;
  readonly kicked: KickReason | null;
}

/** The banner for a state, or null when messages flow (Connected). */
export function connectionNotice(
  input: ConnectionInput,
): ConnectionNotice | null {
  switch (input.connection) {
    case ConnectionStatus.CONNECTED:
      return null;
    case ConnectionStatus.CONNECTING:
      return "connecting";
    case ConnectionStatus.DISCONNECT:
      if (input.imUid === null) return "connecting";
      return input.online ? "reconnecting" : "offline";
    case ConnectionStatus.CONNECT_FAIL:
      return "failed";
    case ConnectionStatus.CONNECT_KICK:
      return input.kicked === "SIGNED_IN_ELSEWHERE"
        ? "signedInElsewhere"
        : "signInAgain";
  }
}

/** Notices that need the user to sign in again (no automatic reconnect follows). */
export function needsSignIn(notice: ConnectionNotice | null): boolean {
  return (
    notice === "failed" ||
    notice === "signedInElsewhere" ||
    notice === "signInAgain"
  );
}
