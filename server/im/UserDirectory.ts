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
  readonly #lookups = new Map<string, Promise<number | null>>();

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * The user id of an IM uid, or null when no such user exists. Callers asking for one uid while it
   * is being looked up share that query, so they resume in call order: SENDs to one recipient reach
   * the group commit (and get their seqs) in arrival order. NOTE: separate queries on a PostgreSQL
   * pool finish in any order (issue #9, found by the chaos gate).
   */
  userIdOf(uid: string): Promise<number | null> {
    const pending = this.#lookups.get(uid);
    if (pending !== undefined) return pending;
    const cached = this.#known.get(uid);
    if (cached !== undefined) return Promise.resolve(cached);
    if (!storable(uid)) return Promise.resolve(null);
    const lookup = this.#lookup(uid);
    this.#lookups.set(uid, lookup);
    const forget = () => {
      this.#lookups.delete(uid);
    };
    void lookup.then(forget, forget);
    return lookup;
  }

  async #lookup(uid: string): Promise<number | null> {
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
    if (!storable(uid)) return false;
    const [row] = await this.#db
      .select({ banned: users.banned })
      .from(users)
      .where(eq(users.imId, uid));
    return row?.banned === true;
  }
}

/** A uid PostgreSQL can compare: text cannot hold U+0000 (which the wire's UTF-8 allows). */
function storable(uid: string): boolean {
  return !uid.includes("\u0000");
}
