// The admin's view of the products (#22): every product, hidden ones too, in all three languages,
// with its options and how many orders name each (an ordered option can be repriced, not removed).
import { asc, count, inArray } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import { monks, orders, productOptions, products } from "../../db/schema";
import type { AdminProduct } from "#contract";

async function orderCounts(
  db: Db,
  column: typeof orders.productId | typeof orders.optionId,
  ids: number[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: column, n: count() })
    .from(orders)
    .where(inArray(column, ids))
    .groupBy(column);
  return new Map(rows.map((row) => [row.id, row.n]));
}

/** Products in shop order (sort order, then id); `ids` narrows to those products. */
export async function adminProducts(
  db: Db,
  ids?: readonly number[],
): Promise<AdminProduct[]> {
  const rows = await db
    .select()
    .from(products)
    .where(ids === undefined ? undefined : inArray(products.id, [...ids]))
    .orderBy(asc(products.sortOrder), asc(products.id));
  const productIds = rows.map((row) => row.id);
  const options =
    productIds.length === 0
      ? []
      : await db
          .select()
          .from(productOptions)
          .where(inArray(productOptions.productId, productIds))
          .orderBy(asc(productOptions.sortOrder), asc(productOptions.id));
  const [byProduct, byOption] = await Promise.all([
    orderCounts(db, orders.productId, productIds),
    orderCounts(
      db,
      orders.optionId,
      options.map((option) => option.id),
    ),
  ]);
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    category: row.category,
    title: row.title,
    summary: row.summary,
    description: row.description,
    cover: row.cover,
    monkId: row.monkId,
    askBeneficiary: row.askBeneficiary,
    askWish: row.askWish,
    askBirthDate: row.askBirthDate,
    sortOrder: row.sortOrder,
    active: row.active,
    options: options
      .filter((option) => option.productId === row.id)
      .map((option) => ({
        id: option.id,
        label: option.label,
        days: option.days,
        priceFen: option.priceFen,
        orderCount: byOption.get(option.id) ?? 0,
      })),
    orderCount: byProduct.get(row.id) ?? 0,
  }));
}

export async function adminProduct(
  db: Db,
  id: number,
): Promise<AdminProduct | undefined> {
  return (await adminProducts(db, [id]))[0];
}

/** The monks a product can name. */
export async function monkChoices(db: Db) {
  return db
    .select({ id: monks.id, name: monks.name })
    .from(monks)
    .orderBy(asc(monks.sortOrder), asc(monks.id));
}
