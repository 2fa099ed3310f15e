// In-process, typed account events for other parts of the server (the IM gateway closes the live
// connections of revoked sessions and banned users). Emitting never fails the caller: a listener
// that throws is reported through onListenerError and the others still run.

export const REVOKE_REASONS = [
  "logout",
  "logout_all",
  "refresh_reuse",
  "banned",
  "session_limit",
] as const;
export type RevokeReason = (typeof REVOKE_REASONS)[number];

export interface AccountEventMap {
  /** These sessions of the user were revoked: their tokens (access, refresh, IM) no longer work. */
  sessionRevoked: {
    userId: number;
    sessionIds: string[];
    reason: RevokeReason;
  };
  /** The account was banned (its sessions were revoked as well, in a sessionRevoked event). */
  userBanned: { userId: number };
}

export type AccountEvent = keyof AccountEventMap;
export type AccountEventListener<E extends AccountEvent> = (
  payload: AccountEventMap[E],
) => void;

export class AccountEvents {
  readonly #listeners: {
    [E in AccountEvent]: Set<AccountEventListener<E>>;
  } = { sessionRevoked: new Set(), userBanned: new Set() };
  readonly #onListenerError: (error: unknown, event: AccountEvent) => void;

  constructor(
    onListenerError: (error: unknown, event: AccountEvent) => void = () =>
      undefined,
  ) {
    this.#onListenerError = onListenerError;
  }

  /**
   * Subscribes; returns the unsubscribe function.
   * @example events.on("sessionRevoked", ({ sessionIds }) => gateway.closeSessions(sessionIds));
   */
  on<E extends AccountEvent>(
    event: E,
    listener: AccountEventListener<E>,
  ): () => void {
    const listeners = this.#listeners[event] as Set<AccountEventListener<E>>;
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }

  emit<E extends AccountEvent>(event: E, payload: AccountEventMap[E]): void {
    const listeners = this.#listeners[event] as Set<AccountEventListener<E>>;
    for (const listener of [...listeners]) {
      try {
        listener(payload);
      } catch (error) {
        this.#onListenerError(error, event);
      }
    }
  }
}
