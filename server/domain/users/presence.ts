// Whether a user has a live IM connection, as the IM gateway knows it (UserInfo.online). The
// gateway passes its implementation to buildApp; without a gateway nobody can be connected.
export interface ImPresence {
  isOnline(userId: number): boolean;
}

/** The presence of a server without an IM gateway: no live connections. */
export const NO_IM_CONNECTIONS: ImPresence = { isOnline: () => false };
