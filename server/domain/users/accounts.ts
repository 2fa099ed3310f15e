// Finding and creating accounts at sign-in (by phone, e-mail or WeChat identity) and binding a
// phone. New accounts get a random imId and invite code; races on unique values are retried.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import { type UserRow, users, userWechatAccounts } from "../../db/schema";
import { hasVisibleCharacter } from "#contract";
import { AuthError } from "../auth/AuthError";
import {
  randomBase36,
  randomDigits,
  randomInviteCode,
} from "../auth/tokenCrypto";

export const DEFAULT_AVATAR = "/images/avatars/user.svg";
const WECHAT_DEFAULT_NICKNAME = "微信用户";
const MAX_NICKNAME = 64;
const CREATE_ATTEMPTS = 4;

export interface WechatIdentity {
  appId: string;
  openid: string;
  unionid: string | undefined;
}

export interface WechatProfile {
  nickname: string;
  avatarUrl: string;
  /** The profile may carry the unionid when the code exchange did not. */
  unionid?: string | undefined;
}

export async function findOrCreateByPhone(
  db: Db,
  phone: string,
): Promise<UserRow> {
  return findOrCreate(
    () => findBy(db, eq(users.phone, phone)),
    () => createUser(db, { phone, nickname: newcomerName() }),
  );
}

export async function findOrCreateByEmail(
  db: Db,
  email: string,
): Promise<UserRow> {
  return findOrCreate(
    () => findBy(db, eq(users.email, email)),
    () => createUser(db, { email, nickname: newcomerName() }),
  );
}

/** WeChat's nickname, or the default when it shows nothing (only spaces or zero-width ones). */
export function shownNickname(nickname: string): string {
  const trimmed = Array.from(nickname.trim()).slice(0, MAX_NICKNAME).join("");
  return hasVisibleCharacter(trimmed) ? trimmed : WECHAT_DEFAULT_NICKNAME;
}

/**
 * The account of a WeChat identity: by unionid (shared by our apps) first, then by this app's
 * openid; created on first sign-in with the profile WeChat gives (read only for new accounts).
 */
export async function findOrCreateByWechat(
  db: Db,
  identity: WechatIdentity,
  profile: () => Promise<WechatProfile>,
  now: Date,
): Promise<UserRow> {
  const existing = await findWechatUser(db, identity);
  if (existing !== undefined) {
    await linkWechat(db, existing, identity, now);
    return existing;
  }
  const { nickname, avatarUrl, unionid } = await profile();
  if (identity.unionid === undefined && unionid !== undefined) {
    // NOTE: e.g. an official-account code without unionid: the profile's unionid may find an
    // account first created through the website app.
    const known: WechatIdentity = { ...identity, unionid };
    const byUnion = await findWechatUser(db, known);
    if (byUnion !== undefined) {
      await linkWechat(db, byUnion, known, now);
      return byUnion;
    }
    identity = known;
  }
  const created: WechatIdentity = identity;
  return findOrCreate(
    () => findWechatUser(db, created),
    () =>
      db.transaction(async (tx) => {
        const user = await createUser(tx, {
          nickname: shownNickname(nickname),
          avatarUrl: avatarUrl || DEFAULT_AVATAR,
          wechatUnionId: created.unionid ?? null,
        });
        await tx.insert(userWechatAccounts).values({
          appId: created.appId,
          openid: created.openid,
          userId: user.id,
          unionid: created.unionid ?? null,
          createdAt: now,
        });
        return user;
      }),
  );
}

/** Sets the user's phone; 409 PHONE_TAKEN when another account holds it. */
export async function bindPhone(
  db: Db,
  userId: number,
  phone: string,
): Promise<void> {
  const holder = await findBy(db, eq(users.phone, phone));
  if (holder !== undefined && holder.id !== userId)
    throw new AuthError("PHONE_TAKEN");
  try {
    await db
      .update(users)
      .set({ phone, updatedAt: new Date() })
      .where(eq(users.id, userId));
  } catch (error) {
    if (uniqueViolation(error) === "users_phone_unique")
      throw new AuthError("PHONE_TAKEN", { cause: error });
    throw error;
  }
}

export async function isWechatBound(db: Db, user: UserRow): Promise<boolean> {
  if (user.wechatUnionId !== null) return true;
  const [link] = await db
    .select({ appId: userWechatAccounts.appId })
    .from(userWechatAccounts)
    .where(eq(userWechatAccounts.userId, user.id))
    .limit(1);
  return link !== undefined;
}

async function findBy(
  db: Db,
  where: ReturnType<typeof eq>,
): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(where);
  return row;
}

async function findWechatUser(
  db: Db,
  identity: WechatIdentity,
): Promise<UserRow | undefined> {
  if (identity.unionid !== undefined) {
    const byUnion = await findBy(db, eq(users.wechatUnionId, identity.unionid));
    if (byUnion !== undefined) return byUnion;
  }
  const [linked] = await db
    .select({ user: users })
    .from(userWechatAccounts)
    .innerJoin(users, eq(users.id, userWechatAccounts.userId))
    .where(
      and(
        eq(userWechatAccounts.appId, identity.appId),
        eq(userWechatAccounts.openid, identity.openid),
      ),
    );
  return linked?.user;
}

/** Records this app's openid (and a unionid the account lacked) for a returning user. */
async function linkWechat(
  db: Db,
  user: UserRow,
  identity: WechatIdentity,
  now: Date,
): Promise<void> {
  await db
    .insert(userWechatAccounts)
    .values({
      appId: identity.appId,
      openid: identity.openid,
      userId: user.id,
      unionid: identity.unionid ?? null,
      createdAt: now,
    })
    .onConflictDoNothing();
  if (user.wechatUnionId === null && identity.unionid !== undefined) {
    try {
      await db
        .update(users)
        .set({ wechatUnionId: identity.unionid })
        .where(eq(users.id, user.id));
    } catch (error) {
      // NOTE: another account already holds this unionid; the openid link above still applies.
      if (uniqueViolation(error) !== "users_wechat_union_id_unique")
        throw error;
    }
  }
}

type NewAccount = Pick<
  Partial<typeof users.$inferInsert>,
  "phone" | "email" | "avatarUrl" | "wechatUnionId"
> & {
  nickname: string;
};

async function createUser(db: Db, account: NewAccount): Promise<UserRow> {
  for (let attempt = 1; ; attempt++) {
    try {
      const [row] = await db
        .insert(users)
        .values({
          avatarUrl: DEFAULT_AVATAR,
          ...account,
          imId: `fy${randomBase36(18)}`,
          inviteCode: randomInviteCode(),
        })
        .returning();
      if (row === undefined) throw new Error("insert returned no account");
      return row;
    } catch (error) {
      const constraint = uniqueViolation(error);
      // NOTE: a random imId or invite code collided: draw again (astronomically rare).
      const retry =
        constraint === "users_im_id_unique" ||
        constraint === "users_invite_code_unique";
      if (!retry || attempt >= CREATE_ATTEMPTS) throw error;
    }
  }
}

/** Finds, else creates; a creation that lost a race on the same identity finds the winner. */
async function findOrCreate(
  find: () => Promise<UserRow | undefined>,
  create: () => Promise<UserRow>,
): Promise<UserRow> {
  const found = await find();
  if (found !== undefined) return found;
  try {
    return await create();
  } catch (error) {
    if (uniqueViolation(error) === null) throw error;
    const winner = await find();
    if (winner === undefined) throw error;
    return winner;
  }
}

function newcomerName(): string {
  return `善信${randomDigits(4)}`;
}

/** The violated unique constraint's name (pg and PGlite, through Drizzle's wrapper), or null. */
export function uniqueViolation(error: unknown): string | null {
  for (
    let e: unknown = error;
    typeof e === "object" && e !== null;
    e = (e as { cause?: unknown }).cause
  ) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505")
      return typeof constraint === "string" ? constraint : "";
  }
  return null;
}
