// Users' roles and bans as an admin changes them (#22), for the admin pages and the operator's
// `npm run admin -- user:grant|user:revoke`: one role flag flips in a transaction with its audit
// record. An admin never takes their own admin role, and an admin cannot be banned, so the last
// admin cannot lock everyone out, even when two admins act on each other at once.
import { eq, inArray } from "drizzle-orm";
import type { AdminRole } from "#contract";
import type { Db } from "../../db/createDb";
import { users } from "../../db/schema";
import { HttpError } from "../../http/errors";
import type { AccountEvents } from "../auth/accountEvents";
import type { Sessions } from "../auth/sessions";
import { recordAudit } from "../audit/auditLog";
import { banUser, unbanUser } from "../users/banUser";

const ROLE_COLUMNS = {
  admin: "isAdmin",
  service: "isService",
  monk: "isMonk",
  manager: "isManager",
} as const satisfies Record<AdminRole, string>;

export interface RoleChange {
  imId: string;
  role: AdminRole;
  on: boolean;
  /** The admin acting; null for the operator's command line. */
  actorUserId: number | null;
  now: Date;
}

async function userIdOf(db: Db, imId: string): Promise<number> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.imId, imId));
  if (user === undefined)
    throw new HttpError("ACCOUNT_NOT_FOUND", `no account has imId ${imId}`);
  return user.id;
}

/**
 * Inside `tx`: locks the acting admin's row and the target's (in id order, so two admins acting
 * on each other wait rather than deadlock) and checks the actor is still an admin.
 */
async function lockActorAndTarget(
  tx: Db,
  actorUserId: number | null,
  targetId: number,
): Promise<void> {
  const ids = [
    ...new Set([targetId, ...(actorUserId === null ? [] : [actorUserId])]),
  ];
  const rows = await tx
    .select({ id: users.id, isAdmin: users.isAdmin, banned: users.banned })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(users.id)
    .for("update");
  const actor = rows.find((row) => row.id === actorUserId);
  if (actorUserId !== null && (actor?.isAdmin !== 1 || actor.banned))
    throw new HttpError("FORBIDDEN", "only an admin may do this");
}

/** Grants or revokes one role; answers the user's id. Audited as user.role. */
export async function setUserRole(db: Db, change: RoleChange): Promise<number> {
  const userId = await userIdOf(db, change.imId);
  if (change.role === "admin" && !change.on && change.actorUserId === userId)
    throw new HttpError(
      "ADMIN_OWN_ROLE",
      "an admin cannot revoke their own admin role",
    );
  await db.transaction(async (tx) => {
    await lockActorAndTarget(tx, change.actorUserId, userId);
    await tx
      .update(users)
      .set({
        [ROLE_COLUMNS[change.role]]: change.on ? 1 : 0,
        updatedAt: change.now,
      })
      .where(eq(users.id, userId));
    await recordAudit(tx, {
      actorUserId: change.actorUserId,
      action: "user.role",
      targetType: "user",
      targetId: userId,
      details: {
        role: change.role,
        on: change.on,
        by: change.actorUserId === null ? "admin-cli" : "admin",
      },
      at: change.now,
    });
  });
  return userId;
}

export interface BanDeps {
  db: Db;
  sessions: Sessions;
  events: AccountEvents;
}

/** Bans (banUser: every session ends) or lifts a ban; an admin cannot be banned. Audited. */
export async function setUserBanned(
  deps: BanDeps,
  change: { imId: string; banned: boolean; actorUserId: number; now: Date },
): Promise<number> {
  const userId = await userIdOf(deps.db, change.imId);
  const checkAndAudit = async (tx: Db) => {
    await lockActorAndTarget(tx, change.actorUserId, userId);
    const [target] = await tx
      .select({ isAdmin: users.isAdmin })
      .from(users)
      .where(eq(users.id, userId));
    if (change.banned && target?.isAdmin === 1)
      throw new HttpError(
        "ADMIN_NOT_BANNABLE",
        "an admin cannot be banned: revoke the admin role first",
      );
    await recordAudit(tx, {
      actorUserId: change.actorUserId,
      action: change.banned ? "user.ban" : "user.unban",
      targetType: "user",
      targetId: userId,
      at: change.now,
    });
  };
  if (change.banned) await banUser(deps, userId, checkAndAudit);
  else await unbanUser(deps.db, userId, checkAndAudit);
  return userId;
}
