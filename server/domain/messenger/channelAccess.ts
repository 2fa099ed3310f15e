// Who may touch which channel: a signed-in user is a party of the personal channel with any other
// existing user, and of nothing else. Every refusal is 403 in the envelope.
import { eq } from "drizzle-orm";
import { ChannelType } from "#protocol";
import type { Db } from "../../db/createDb";
import { users } from "../../db/schema";
import { HttpError } from "../../http/errors";
import type { AuthContext } from "../auth/sessions";
import { personalChannelKey } from "./channelKey";

/** The other party of a personal channel, as resolved for a request. */
export interface Peer {
  userId: number;
  imId: string;
  /** Storage key of the channel between the caller and this peer. */
  channelKey: string;
}

export function forbidden(msg: string): HttpError {
  return new HttpError("FORBIDDEN", msg);
}

/** `login_uid` must be the caller's own IM id. */
export function requireLoginUid(
  loginUid: string | undefined,
  me: AuthContext,
): void {
  if (loginUid !== undefined && loginUid !== me.imId)
    throw forbidden("login_uid is not the signed-in user");
}

/**
 * The peer of a personal channel the caller is a party of; 403 for other channel types, the
 * caller's own id, or an unknown user.
 */
export async function requirePeer(
  db: Db,
  me: AuthContext,
  channelId: string,
  channelType: number = ChannelType.PERSON,
): Promise<Peer> {
  if (channelType !== ChannelType.PERSON)
    throw forbidden(
      `channel type ${channelType}: only personal channels (1) are served`,
    );
  if (channelId === me.imId)
    throw forbidden("a personal channel is between two different users");
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.imId, channelId));
  if (row === undefined) throw forbidden("not a party of this channel");
  return {
    userId: row.id,
    imId: channelId,
    channelKey: personalChannelKey(me.imId, channelId),
  };
}
