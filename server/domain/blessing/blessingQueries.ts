// The public blessing wall: paid orders whose owners consented, newest first, with join counts
// and whether the caller joined; joining is one row per user and blessing (idempotent).
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import { blessingJoins, orders, products, users } from "../../db/schema";
import { PAID_STATUSES } from "../orders/orderStatus";

export interface BlessingRow {
  id: number;
  productTitle: (typeof orders.$inferSelect)["productTitle"];
  category: (typeof products.$inferSelect)["category"];
  beneficiaryName: string | null;
  ownerNickname: string;
  wish: string | null;
  paidAt: Date;
  joinCount: number;
  joined: boolean;
}

const onWall = and(
  eq(orders.showOnWall, true),
  inArray(orders.status, [...PAID_STATUSES]),
);

function selectBlessings(db: Db, viewerId: number | null) {
  return db
    .select({
      id: orders.id,
      productTitle: orders.productTitle,
      category: products.category,
      beneficiaryName: orders.beneficiaryName,
      ownerNickname: users.nickname,
      wish: orders.wish,
      paidAt: orders.paidAt,
      joinCount: sql<number>`(select count(*)::int from ${blessingJoins} where ${blessingJoins.orderId} = ${orders.id})`,
      joined:
        viewerId === null
          ? sql<boolean>`false`
          : sql<boolean>`exists (select 1 from ${blessingJoins} where ${blessingJoins.orderId} = ${orders.id} and ${blessingJoins.userId} = ${viewerId})`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(products, eq(products.id, orders.productId));
}

type Selected = Awaited<
  ReturnType<ReturnType<typeof selectBlessings>["where"]>
>[number];

function toRow(row: Selected): BlessingRow {
  return {
    ...row,
    paidAt: row.paidAt ?? new Date(0),
    joinCount: row.joinCount,
    joined: row.joined,
  };
}

export async function listBlessings(
  db: Db,
  viewerId: number | null,
  paging: { page: number; pageSize: number },
): Promise<{ rows: BlessingRow[]; total: number }> {
  const [totals, rows] = await Promise.all([
    db.select({ total: count() }).from(orders).where(onWall),
    selectBlessings(db, viewerId)
      .where(onWall)
      .orderBy(desc(orders.paidAt), desc(orders.id))
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize),
  ]);
  return { rows: rows.map(toRow), total: totals[0]?.total ?? 0 };
}

export async function findBlessing(
  db: Db,
  id: number,
  viewerId: number | null,
): Promise<BlessingRow | undefined> {
  const [row] = await selectBlessings(db, viewerId).where(
    and(onWall, eq(orders.id, id)),
  );
  return row === undefined ? undefined : toRow(row);
}

/** Joins the blessing once; a second join changes nothing. */
export async function joinBlessing(
  db: Db,
  orderId: number,
  userId: number,
  now: Date,
): Promise<void> {
  await db
    .insert(blessingJoins)
    .values({ orderId, userId, joinedAt: now })
    .onConflictDoNothing();
}
