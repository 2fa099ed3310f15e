// The IM gateway's check of a CONNECT (uid = imId, token = IM token): the token must belong to a
// live session of that user (several devices may be online at once). Compared in constant time.
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import { sessions, users } from "../../db/schema";
import type { Clock } from "../../providers/lib/runtime";
import { batchedLookup } from "../../lib/batchedLookup";
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
/** Most CONNECTs checked by one query. */
const AUTH_BATCH = 128;

interface LiveSession {
  sessionId: string;
  userId: number;
  hash: string;
  expiresAt: Date;
}

/** The live sessions of each of these users (not banned, not revoked, not expired), by imId. */
async function liveSessionsOf(
  db: Db,
  uids: readonly string[],
  now: number,
): Promise<Map<string, LiveSession[]>> {
  const rows = await db
    .select({
      imId: users.imId,
      sessionId: sessions.id,
      userId: sessions.userId,
      hash: sessions.imTokenHash,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(users.imId, [...uids]),
        eq(users.banned, false),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date(now)),
      ),
    );
  const byUid = new Map<string, LiveSession[]>();
  for (const { imId, ...session } of rows) {
    const list = byUid.get(imId);
    if (list === undefined) byUid.set(imId, [session]);
    else list.push(session);
  }
  return byUid;
}

export function createImAuthenticator(deps: {
  db: Db;
  clock: Clock;
}): ImAuthenticator {
  // NOTE: concurrent CONNECTs share their query (a reconnect storm is one query per batch). Not
  // larger batches: the CONNACKs of a batch are then sent in one synchronous run of the gateway.
  const lookup = batchedLookup(
    (uids: readonly string[]) => liveSessionsOf(deps.db, uids, deps.clock()),
    AUTH_BATCH,
  );
  return async (uid, token) => {
    // NOTE: a uid with U+0000 (valid on the wire) can name no user, and PostgreSQL refuses it.
    if (
      uid === "" ||
      uid.includes("\u0000") ||
      token === "" ||
      token.length > MAX_TOKEN_LENGTH
    )
      return null;
    const live = (await lookup(uid)) ?? [];
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
