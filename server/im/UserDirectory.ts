// Which IM uids exist (the recipient check of every SEND) with an in-memory cache of the users
// seen, so the hot path does not query per message; and the ban check of a refused CONNECT.
import { eq } from "drizzle-orm";
import type { Db } from "../db/createDb";
import { users } from "../db/schema";

/** Known uids kept; past this the cache starts over (uids are immutable, so it never lies). */
const MAX_CACHED = 100_000;

export class UserDirectory {
  readonly #db: Db;
  readonly #known = new Map<string, number>();

  constructor(db: Db) {
    this.#db = db;
  }

  /** The user id of an IM uid, or null when no such user exists. */
  async userIdOf(uid: string): Promise<number | null> {
    const cached = this.#known.get(uid);
    if (cached !== undefined) return cached;
    const [row] = await this.#db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.imId, uid));
    if (row === undefined) return null;
    this.remember(uid, row.id);
    return row.id;
  }

  /** Records a uid known to exist (e.g. one that just authenticated). */
  remember(uid: string, userId: number): void {
    if (this.#known.size >= MAX_CACHED) this.#known.clear();
    this.#known.set(uid, userId);
  }

  /** True when the uid belongs to a banned account (CONNACK 19 instead of 2). */
  async isBanned(uid: string): Promise<boolean> {
    const [row] = await this.#db
      .select({ banned: users.banned })
      .from(users)
      .where(eq(users.imId, uid));
    return row?.banned === true;
  }
}
