// Loads the demo content and accounts. Idempotent: content is upserted by slug (re-running
// refreshes it, never duplicates), demo accounts are inserted only if no account already holds
// their phone, e-mail, imId or invite code, so real users are never modified.
import { count, inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../createDb";
import {
  monks,
  news,
  productOptions,
  products,
  staticPages,
  temples,
  users,
} from "../schema";
import { DEMO_ACCOUNTS } from "./demoAccounts";
import { NEWS } from "./newsData";
import { FATE_TOGETHER } from "./pages/fateTogether";
import { PRIVACY_POLICY } from "./pages/privacyPolicy";
import { TERMS_OF_SERVICE } from "./pages/termsOfService";
import { PRODUCTS } from "./productsData";
import { MONKS, TEMPLES } from "./templesData";

export const DEMO_PAGES = [
  PRIVACY_POLICY,
  TERMS_OF_SERVICE,
  FATE_TOGETHER,
] as const;

export interface SeedReport {
  temples: number;
  monks: number;
  news: number;
  products: number;
  options: number;
  pages: number;
  /** Demo accounts created by this run (0 when they already existed). */
  accountsCreated: number;
}

/** The value the insert would have written, for ON CONFLICT DO UPDATE. */
function excluded(column: PgColumn): SQL {
  return sql.raw(`excluded."${column.name}"`);
}

/** True when no content has been loaded yet (first start). */
export async function isContentEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ n: count() }).from(temples);
  return (rows[0]?.n ?? 0) === 0;
}

export async function seedDemo(db: Db): Promise<SeedReport> {
  return db.transaction(async (tx) => {
    const accountsCreated = await seedAccounts(tx);

    const templeIds = idsBySlug(
      await tx
        .insert(temples)
        .values(TEMPLES.map((t, index) => ({ ...t, sortOrder: index })))
        .onConflictDoUpdate({
          target: temples.slug,
          set: {
            name: excluded(temples.name),
            location: excluded(temples.location),
            description: excluded(temples.description),
            founded: excluded(temples.founded),
            cover: excluded(temples.cover),
            sortOrder: excluded(temples.sortOrder),
          },
        })
        .returning({ id: temples.id, slug: temples.slug }),
    );

    const monkAccounts = await tx
      .select({ id: users.id, imId: users.imId })
      .from(users)
      .where(
        inArray(
          users.imId,
          DEMO_ACCOUNTS.map((a) => a.imId),
        ),
      );
    const accountIdByImId = new Map(monkAccounts.map((a) => [a.imId, a.id]));

    const monkIds = idsBySlug(
      await tx
        .insert(monks)
        .values(
          MONKS.map((m, index) => ({
            slug: m.slug,
            templeId: lookup(templeIds, m.templeSlug),
            userId: m.accountImId
              ? (accountIdByImId.get(m.accountImId) ?? null)
              : null,
            name: m.name,
            title: m.title,
            bio: m.bio,
            avatar: m.avatar,
            specialties: m.specialties,
            sortOrder: index,
          })),
        )
        .onConflictDoUpdate({
          target: monks.slug,
          set: {
            templeId: excluded(monks.templeId),
            // NOTE: keep a link made later (e.g. by a manager) when the demo account is absent.
            userId: sql`coalesce(excluded."user_id", ${monks.userId})`,
            name: excluded(monks.name),
            title: excluded(monks.title),
            bio: excluded(monks.bio),
            avatar: excluded(monks.avatar),
            specialties: excluded(monks.specialties),
            sortOrder: excluded(monks.sortOrder),
          },
        })
        .returning({ id: monks.id, slug: monks.slug }),
    );

    await tx
      .insert(news)
      .values(
        NEWS.map((n) => ({
          slug: n.slug,
          templeId: lookup(templeIds, n.templeSlug),
          title: n.title,
          summary: n.summary,
          body: n.body,
          cover: n.cover,
          images: n.images,
          publishedAt: new Date(n.publishedAt),
        })),
      )
      .onConflictDoUpdate({
        target: news.slug,
        set: {
          templeId: excluded(news.templeId),
          title: excluded(news.title),
          summary: excluded(news.summary),
          body: excluded(news.body),
          cover: excluded(news.cover),
          images: excluded(news.images),
          publishedAt: excluded(news.publishedAt),
        },
      });

    const productIds = idsBySlug(
      await tx
        .insert(products)
        .values(
          PRODUCTS.map((p, index) => ({
            slug: p.slug,
            category: p.category,
            title: p.title,
            summary: p.summary,
            description: p.description,
            cover: p.cover,
            monkId: p.monkSlug === null ? null : lookup(monkIds, p.monkSlug),
            askBeneficiary: p.asks.beneficiary,
            askWish: p.asks.wish,
            askBirthDate: p.asks.birthDate,
            sortOrder: index,
          })),
        )
        .onConflictDoUpdate({
          target: products.slug,
          set: {
            category: excluded(products.category),
            title: excluded(products.title),
            summary: excluded(products.summary),
            description: excluded(products.description),
            cover: excluded(products.cover),
            monkId: excluded(products.monkId),
            askBeneficiary: excluded(products.askBeneficiary),
            askWish: excluded(products.askWish),
            askBirthDate: excluded(products.askBirthDate),
            sortOrder: excluded(products.sortOrder),
          },
        })
        .returning({ id: products.id, slug: products.slug }),
    );

    const optionRows = PRODUCTS.flatMap((p) =>
      p.options.map((o, index) => ({
        productId: lookup(productIds, p.slug),
        sortOrder: index,
        ...o,
      })),
    );
    await tx
      .insert(productOptions)
      .values(optionRows)
      .onConflictDoUpdate({
        target: [productOptions.productId, productOptions.sortOrder],
        set: {
          label: excluded(productOptions.label),
          days: excluded(productOptions.days),
          priceFen: excluded(productOptions.priceFen),
        },
      });

    await tx
      .insert(staticPages)
      .values(
        DEMO_PAGES.map((p) => ({ ...p, updatedAt: new Date(p.updatedAt) })),
      )
      .onConflictDoUpdate({
        target: staticPages.slug,
        set: {
          title: excluded(staticPages.title),
          sections: excluded(staticPages.sections),
          updatedAt: excluded(staticPages.updatedAt),
        },
      });

    return {
      temples: TEMPLES.length,
      monks: MONKS.length,
      news: NEWS.length,
      products: PRODUCTS.length,
      options: optionRows.length,
      pages: DEMO_PAGES.length,
      accountsCreated,
    };
  });
}

async function seedAccounts(db: Db): Promise<number> {
  // NOTE: ON CONFLICT DO NOTHING without a target skips a demo account when ANY unique value
  // (phone, e-mail, imId, invite code) is already taken, so an existing user is left untouched.
  const created = await db
    .insert(users)
    .values(DEMO_ACCOUNTS.map((a) => ({ ...a })))
    .onConflictDoNothing()
    .returning({ id: users.id });
  return created.length;
}

function idsBySlug(rows: { id: number; slug: string }[]): Map<string, number> {
  return new Map(rows.map((r) => [r.slug, r.id]));
}

function lookup(ids: Map<string, number>, slug: string): number {
  const id = ids.get(slug);
  if (id === undefined)
    throw new Error(`seed data refers to unknown slug "${slug}"`);
  return id;
}
