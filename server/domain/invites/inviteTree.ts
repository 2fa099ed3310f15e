// Invites: binding an inviter once (unknown code, own code, a cycle or a second binding are
// refused; bindings are serialized so concurrent ones cannot build a cycle together), and the
// records of the people someone invited — direct ones, or the whole tree for approved managers —
// with their paid orders; a person there is shown by a masked nickname only (张** / A***).
import { eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import { type UserRow, users } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { PAID_STATUSES } from "../orders/orderStatus";

/** Deepest level of a manager's tree that is listed (cycles are impossible; this bounds work). */
export const MAX_TREE_DEPTH = 20;
// NOTE: an arbitrary constant naming the "invite bindings" advisory lock.
const BIND_LOCK = 740_001;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export async function findUser(db: Db, userId: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (row === undefined)
    throw new HttpError("ACCOUNT_NOT_FOUND", "account not found");
  return row;
}

/** Binds `userId` under the owner of `code`; returns the inviter. */
export async function bindParent(
  db: Db,
  userId: number,
  code: string,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BIND_LOCK})`);
    const [me] = await tx
      .select()
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (me === undefined)
      throw new HttpError("ACCOUNT_NOT_FOUND", "account not found");
    if (me.parentUserId !== null)
      throw new HttpError(
        "INVITE_ALREADY_BOUND",
        "you already have an inviter; it cannot be changed",
      );
    const [parent] = await tx
      .select()
      .from(users)
      .where(eq(users.inviteCode, code));
    if (parent === undefined)
      throw new HttpError(
        "INVITE_CODE_UNKNOWN",
        `no account has the invite code ${code}`,
        { params: { code } },
      );
    if (parent.id === me.id)
      throw new HttpError(
        "INVITE_CODE_OWN",
        "body/parentInviteCode is your own invite code",
      );
    const [cycle] = rowsOf<{ id: number }>(
      await tx.execute(sql`
        with recursive chain(id, depth) as (
          select parent_user_id, 1 from users where id = ${parent.id}
          union all
          select u.parent_user_id, c.depth + 1 from users u join chain c on u.id = c.id
          where c.id is not null and c.depth < 10000
        )
        select id from chain where id = ${me.id} limit 1`),
    );
    if (cycle !== undefined)
      throw new HttpError(
        "INVITE_CYCLE",
        "that inviter was invited (directly or not) by you: binding would make a cycle",
      );
    await tx
      .update(users)
      .set({ parentUserId: parent.id, updatedAt: new Date() })
      .where(eq(users.id, me.id));
    return parent;
  });
}

/**
 * A nickname as the invite records show it: its first character and stars (张三丰 → 张**,
 * Alice → A***), so an inviter recognises people without learning more about them.
 */
export function maskName(nickname: string): string {
  const chars = Array.from(nickname.trim());
  const first = chars[0];
  if (first === undefined) return "***";
  return first + "*".repeat(Math.min(Math.max(chars.length - 1, 2), 3));
}

export interface InviteRecordRow {
  nickname: string;
  created_at: Date | string;
  depth: number | string;
  paid_orders: number | string;
  paid_fen: number | string;
}

export interface InviteTotalsRow {
  people: number | string;
  buyers: number | string;
  paid_orders: number | string;
  paid_fen: number | string;
}

function tree(rootId: number, maxDepth: number): SQL {
  const paid = sql.join(
    PAID_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  return sql`
    with recursive tree(id, depth) as (
      select id, 1 from users where parent_user_id = ${rootId}
      union all
      select u.id, t.depth + 1 from users u join tree t on u.parent_user_id = t.id
      where t.depth < ${maxDepth}
    ),
    members as (
      select u.id, u.nickname, u.created_at, t.depth,
        coalesce(s.n, 0) as paid_orders, coalesce(s.fen, 0) as paid_fen
      from tree t join users u on u.id = t.id
      left join (
        select user_id, count(*) as n, sum(total_fen) as fen from orders
        where status in (${paid}) group by user_id
      ) s on s.user_id = u.id
    )`;
}

export async function inviteRecords(
  db: Db,
  rootId: number,
  wholeTree: boolean,
  paging: { page: number; pageSize: number },
): Promise<{ rows: InviteRecordRow[]; totals: InviteTotalsRow }> {
  const depth = wholeTree ? MAX_TREE_DEPTH : 1;
  const [rows, totals] = await Promise.all([
    db.execute(sql`${tree(rootId, depth)}
      select nickname, created_at, depth, paid_orders, paid_fen from members
      order by depth asc, created_at desc, id desc
      limit ${paging.pageSize} offset ${(paging.page - 1) * paging.pageSize}`),
    db.execute(sql`${tree(rootId, depth)}
      select count(*) as people, count(*) filter (where paid_orders > 0) as buyers,
        coalesce(sum(paid_orders), 0) as paid_orders,
        coalesce(sum(paid_fen), 0) as paid_fen from members`),
  ]);
  const [total] = rowsOf<InviteTotalsRow>(totals);
  return {
    rows: rowsOf<InviteRecordRow>(rows),
    totals: total ?? { people: 0, buyers: 0, paid_orders: 0, paid_fen: 0 },
  };
}
