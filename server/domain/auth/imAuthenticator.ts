// The IM gateway's check of a CONNECT (uid = imId, token = IM token): the token must belong to a
// live session of that user (several devices may be online at once). Compared in constant time.
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import { sessions, users } from "../../db/schema";
import type { Clock } from "../../providers/lib/runtime";
import { constantTimeEqual, sha256Hex } from "./tokenCrypto";

export interface ImIdentity {
  userId: number;
  sessionId: string;
  /** Wall-clock ms at which the session ends (its absolute life): the gateway drops the link then. */
  expiresAt: number;
}

/**
 * Resolves an IM CONNECT to the session it belongs to, or null (unknown uid, wrong token, revoked
 * or expired session, banned account).
 * @example const who = await verifyImToken(connect.uid, connect.token); if (!who) refuse(authFail);
 */
export type ImAuthenticator = (
  uid: string,
  token: string,
) => Promise<ImIdentity | null>;

const MAX_TOKEN_LENGTH = 256;

export function createImAuthenticator(deps: {
  db: Db;
  clock: Clock;
}): ImAuthenticator {
  return async (uid, token) => {
    // NOTE: a uid with U+0000 (valid on the wire) can name no user, and PostgreSQL refuses it.
    if (
      uid === "" ||
      uid.includes("\u0000") ||
      token === "" ||
      token.length > MAX_TOKEN_LENGTH
    )
      return null;
    const live = await deps.db
      .select({
        sessionId: sessions.id,
        userId: sessions.userId,
        hash: sessions.imTokenHash,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(users.imId, uid),
          eq(users.banned, false),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date(deps.clock())),
        ),
      );
    const presented = sha256Hex(token);
    let match: ImIdentity | null = null;
    // NOTE: every live session is compared (no early exit), so timing does not tell which matched.
    for (const session of live) {
      if (constantTimeEqual(presented, session.hash) && match === null)
        match = {
          userId: session.userId,
          sessionId: session.sessionId,
          expiresAt: session.expiresAt.getTime(),
        };
    }
    return match;
  };
}
