// The seam where the messenger hooks into the session lifecycle. The session calls these
// listeners at the documented moments and never imports the messenger; a listener's failure is
// logged and never breaks sign-in or sign-out.
import type { UserInfo } from "../api/accountTypes";

/** Where a sign-out came from: this tab, or another tab / an expired session seen here. */
export type SignOutOrigin = "local" | "remote";

/** The stored IM credentials a kept session resumes with while its user info is unreachable. */
export interface StoredImCredentials {
  readonly imId: string;
  readonly imToken: string;
}

export interface SessionListener {
  /**
   * After user info is loaded (login, start-up restore, another tab's login): drop any IM
   * connection, then connect with `user.imId` / `user.imToken` and load the unread count.
   */
  userLoaded?: (user: Readonly<UserInfo>) => void | Promise<void>;
  /**
   * At start-up when the user info cannot be loaded (no network, server down) and the session is
   * kept: open the stored IM user's messenger with the stored credentials, so stored chats show
   * and new messages wait in the outbox. `userLoaded` follows once the info loads.
   */
  resumed?: (credentials: StoredImCredentials) => void | Promise<void>;
  /**
   * On logout (after the one-second delay) or when the session ended: disconnect and delete the
   * IM database of `imId` (null when no user was loaded).
   */
  signedOut?: (event: {
    imId: string | null;
    origin: SignOutOrigin;
  }) => void | Promise<void>;
}

const listeners = new Set<SessionListener>();

/**
 * Registers a listener; returns the function that removes it.
 * @example addSessionListener({ userLoaded: (u) => im.connect(u.imId, u.imToken), signedOut: () => im.reset() })
 */
export function addSessionListener(listener: SessionListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function runSafely(call: () => void | Promise<void>): void {
  try {
    const result = call();
    if (result instanceof Promise)
      result.catch((error: unknown) => {
        console.error("Session listener failed", error);
      });
  } catch (error) {
    console.error("Session listener failed", error);
  }
}

export function emitUserLoaded(user: Readonly<UserInfo>): void {
  for (const listener of [...listeners]) {
    const { userLoaded } = listener;
    if (userLoaded) runSafely(() => userLoaded(user));
  }
}

export function emitResumed(credentials: StoredImCredentials): void {
  for (const listener of [...listeners]) {
    const { resumed } = listener;
    if (resumed) runSafely(() => resumed(credentials));
  }
}

export function emitSignedOut(event: {
  imId: string | null;
  origin: SignOutOrigin;
}): void {
  for (const listener of [...listeners]) {
    const { signedOut } = listener;
    if (signedOut) runSafely(() => signedOut(event));
  }
}
