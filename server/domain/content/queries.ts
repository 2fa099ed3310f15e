// Read queries for the public content, written once with Drizzle's query builder so they run
// unchanged on PGlite and PostgreSQL. Returns rows; localization happens in present.ts.
import type { ProductCategory } from "#contract";
import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  exists,
  inArray,
  min,
} from "drizzle-orm";
import type { Db } from "../../db/createDb";
import {
  monks,
  news,
  orders,
  productOptions,
  products,
  staticPages,
  temples,
  users,
} from "../../db/schema";

export type TempleRow = typeof temples.$inferSelect;
export type MonkRow = typeof monks.$inferSelect & { imId: string | null };
export type NewsRow = typeof news.$inferSelect & {
  templeName: TempleRow["name"];
};
export type ProductRow = typeof products.$inferSelect & {
  monkName: MonkRow["name"] | null;
  fromPriceFen: number;
};
export type OptionRow = typeof productOptions.$inferSelect;

/** Orders that count as someone having taken part in a service (social proof). */
const SUPPORTED = ["paid", "in_service", "completed"] as const;
export type PageRow = typeof staticPages.$inferSelect;

export interface Paging {
  page: number;
  pageSize: number;
}

export function listTemples(db: Db): Promise<TempleRow[]> {
  return db
    .select()
    .from(temples)
    .orderBy(asc(temples.sortOrder), asc(temples.id));
}

export async function listMonks(
  db: Db,
  filter: { templeIds?: number[]; id?: number } = {},
): Promise<MonkRow[]> {
  const conditions = [];
  if (filter.templeIds)
    conditions.push(inArray(monks.templeId, filter.templeIds));
  if (filter.id !== undefined) conditions.push(eq(monks.id, filter.id));
  const rows = await db
    .select({ monk: monks, imId: users.imId })
    .from(monks)
    .leftJoin(users, eq(users.id, monks.userId))
    .where(and(...conditions))
    .orderBy(asc(monks.sortOrder), asc(monks.id));
  return rows.map((row) => ({ ...row.monk, imId: row.imId }));
}

export async function findTemple(
  db: Db,
  id: number,
): Promise<TempleRow | undefined> {
  const rows = await db.select().from(temples).where(eq(temples.id, id));
  return rows[0];
}

export async function listNews(
  db: Db,
  paging: Paging,
): Promise<{ rows: NewsRow[]; total: number }> {
  const [totals, rows] = await Promise.all([
    db.select({ total: count() }).from(news),
    selectNews(db)
      .orderBy(desc(news.publishedAt), desc(news.id))
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize),
  ]);
  return { rows: rows.map(flattenNews), total: totals[0]?.total ?? 0 };
}

export async function findNews(
  db: Db,
  id: number,
): Promise<NewsRow | undefined> {
  const rows = await selectNews(db).where(eq(news.id, id));
  return rows.map(flattenNews)[0];
}

function selectNews(db: Db) {
  return db
    .select({ item: news, templeName: temples.name })
    .from(news)
    .innerJoin(temples, eq(temples.id, news.templeId));
}

function flattenNews(row: {
  item: typeof news.$inferSelect;
  templeName: TempleRow["name"];
}): NewsRow {
  return { ...row.item, templeName: row.templeName };
}

/** Products a customer can buy: active and with at least one option. */
function listable(db: Db) {
  // NOTE: a correlated subquery, rendered as `exists (select … where product_id = "products"."id")`.
  const hasOption = db
    .select({ id: productOptions.id })
    .from(productOptions)
    .where(eq(productOptions.productId, products.id));
  return and(eq(products.active, true), exists(hasOption));
}

export async function listProducts(
  db: Db,
  query: Paging & { category?: ProductCategory | undefined },
): Promise<{ rows: ProductRow[]; total: number }> {
  const where = and(
    listable(db),
    query.category ? eq(products.category, query.category) : undefined,
  );
  const [totals, rows] = await Promise.all([
    db.select({ total: count() }).from(products).where(where),
    db
      .select({ product: products, monkName: monks.name })
      .from(products)
      .leftJoin(monks, eq(monks.id, products.monkId))
      .where(where)
      .orderBy(asc(products.sortOrder), asc(products.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  ]);
  const prices = await lowestPrices(
    db,
    rows.map((row) => row.product.id),
  );
  return {
    rows: rows.map((row) => ({
      ...row.product,
      monkName: row.monkName,
      fromPriceFen: prices.get(row.product.id) ?? 0,
    })),
    total: totals[0]?.total ?? 0,
  };
}

export async function findProduct(
  db: Db,
  id: number,
): Promise<
  | {
      product: ProductRow;
      options: OptionRow[];
      monk: MonkRow | null;
      supporters: number;
    }
  | undefined
> {
  const rows = await db
    .select({ product: products, monkName: monks.name })
    .from(products)
    .leftJoin(monks, eq(monks.id, products.monkId))
    .where(and(eq(products.id, id), listable(db)));
  const row = rows[0];
  if (!row) return undefined;
  const [options, monkRows, [supporters]] = await Promise.all([
    db
      .select()
      .from(productOptions)
      .where(eq(productOptions.productId, id))
      .orderBy(asc(productOptions.sortOrder), asc(productOptions.id)),
    row.product.monkId === null
      ? Promise.resolve([])
      : listMonks(db, { id: row.product.monkId }),
    db
      .select({ people: countDistinct(orders.userId) })
      .from(orders)
      .where(and(eq(orders.productId, id), inArray(orders.status, SUPPORTED))),
  ]);
  const fromPriceFen = Math.min(...options.map((option) => option.priceFen));
  return {
    product: { ...row.product, monkName: row.monkName, fromPriceFen },
    options,
    monk: monkRows[0] ?? null,
    supporters: supporters?.people ?? 0,
  };
}

async function lowestPrices(
  db: Db,
  productIds: number[],
): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({
      productId: productOptions.productId,
      lowest: min(productOptions.priceFen),
    })
    .from(productOptions)
    .where(inArray(productOptions.productId, productIds))
    .groupBy(productOptions.productId);
  return new Map(rows.map((row) => [row.productId, row.lowest ?? 0]));
}

export async function findPage(
  db: Db,
  slug: string,
): Promise<PageRow | undefined> {
  const rows = await db
    .select()
    .from(staticPages)
    .where(eq(staticPages.slug, slug));
  return rows[0];
}
