// Which users have a live IM connection (UserInfo.online, profiles in conversation lists), as the
// IM engine knows it: our gateway's connections, or WuKongIM's /user/onlinestatus across its
// cluster. Asked in batches, since a remote engine answers one call for a page of users.
export interface ImPresence {
  /** The ones among `userIds` with at least one live IM connection. */
  onlineOf(userIds: readonly number[]): Promise<ReadonlySet<number>>;
}

/** The presence of a server without an IM gateway: no live connections. */
export const NO_IM_CONNECTIONS: ImPresence = {
  onlineOf: () => Promise.resolve(new Set()),
};

/** Whether one user is online. */
export async function isOnline(
  presence: ImPresence,
  userId: number,
): Promise<boolean> {
  return (await presence.onlineOf([userId])).has(userId);
}
