// WuKongIM v2.2.5 refuses a wrong or expired token by closing the socket without any CONNACK
// (shared/docs/wukongim-engine.md), so nothing on the wire says "refused" and a client that only
// reconnects loops Connecting/Disconnect for ever (the official SDK does). This file is the rule
// the connection machine uses to infer that refusal honestly: which closes count, and how many.

/**
 * CONNECTs in a row the server may hang up on — socket accepted, CONNECT sent, socket closed with no
 * CONNACK — before the link is reported refused (ConnectFail, the state a refusing CONNACK gives) and
 * reconnecting stops until a new token arrives.
 *
 * Why 3: one such close proves nothing (a network blip, a server going down in the middle of the
 * handshake look the same) and a second can still be the tail of a restart; a third, after the
 * 3 s and ~6 s backoff waits (about 10 s in all), each on a socket the server did accept, is a server
 * that reads our CONNECT and refuses it. A higher limit only keeps the user on "reconnecting" longer
 * (the next wait is ~12 s, then ~24 s) for a token that waiting will not fix.
 */
export const UNANSWERED_CONNECT_LIMIT = 3;

/** What the machine knows about a socket close. */
export interface CloseFacts {
  /** The CONNECT was on the wire: the socket had opened and no CONNACK had come yet. */
  readonly afterConnect: boolean;
  /** Some tab reports the network online (closes while every tab is offline are the network's). */
  readonly online: boolean;
  /** We dropped the socket ourselves (an unusable stream or handshake), not the server. */
  readonly byClient: boolean;
}

/**
 * Whether a close counts towards {@link UNANSWERED_CONNECT_LIMIT}. A socket that never opened (server
 * down, proxy answering 502, DNS) or that timed out waiting is not a refusal: those only back off.
 */
export function isUnansweredConnect(close: CloseFacts): boolean {
  return close.afterConnect && close.online && !close.byClient;
}

/** The unanswered-CONNECT count after a close, and whether it reached the limit (refused). */
export function countClose(
  unanswered: number,
  close: CloseFacts,
): { readonly unanswered: number; readonly refused: boolean } {
  if (!isUnansweredConnect(close)) return { unanswered, refused: false };
  const next = unanswered + 1;
  return { unanswered: next, refused: next >= UNANSWERED_CONNECT_LIMIT };
}
