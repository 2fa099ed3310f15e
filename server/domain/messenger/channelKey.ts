// How a personal channel is stored: one key for both directions, whoever sends. The client never
// sees it (it uses the peer's uid as channel id, §12).

/**
 * The storage key of the personal channel between two uids: both ordered, joined by "@".
 * IM ids never contain "@" (they are generated `fy…` ids or seeded `demo_…` ones); one that did
 * would make two channels share a key, so it is refused.
 */
export function personalChannelKey(a: string, b: string): string {
  if (a.includes("@") || b.includes("@"))
    throw new Error('an IM uid must not contain "@"');
  return a < b ? `${a}@${b}` : `${b}@${a}`;
}
