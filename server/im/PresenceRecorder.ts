// Records when users went offline (their last IM connection closed) for the "last offline" of
// public profiles: collected in memory and written in one statement per flush.
import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "../db/createDb";

export class PresenceRecorder {
  readonly #db: Db;
  readonly #logger: Logger;
  readonly #pending = new Map<number, number>();
  #flushing: Promise<void> = Promise.resolve();

  constructor(db: Db, logger: Logger) {
    this.#db = db;
    this.#logger = logger;
  }

  /** The user's last connection closed at `atMs`. */
  wentOffline(userId: number, atMs: number): void {
    this.#pending.set(userId, atMs);
  }

  /** Writes what was collected (one statement); failures are logged, not thrown. */
  flush(): Promise<void> {
    if (this.#pending.size === 0) return this.#flushing;
    const entries = [...this.#pending];
    this.#pending.clear();
    const ids = entries.map(([id]) => id);
    const times = entries.map(([, at]) => new Date(at).toISOString());
    this.#flushing = this.#flushing
      .then(() =>
        this.#db.execute(sql`
          insert into im_presence (user_id, last_offline_at)
          select u, t from unnest(${sql.param(ids)}::int[], ${sql.param(times)}::timestamptz[]) as x(u, t)
          where exists (select 1 from users where users.id = x.u)
          on conflict (user_id) do update set last_offline_at = excluded.last_offline_at`),
      )
      .then(
        () => undefined,
        (error: unknown) => {
          this.#logger.error(
            { err: error },
            "could not record last-offline times",
          );
        },
      );
    return this.#flushing;
  }
}
