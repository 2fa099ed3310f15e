// The demo seed: loads the promised amount of content, re-running never duplicates anything,
// and accounts that already exist (real users) are never modified.
import { asc, count, eq } from "drizzle-orm";
import type { Db } from "../../server/db/createDb";
import {
  monks,
  news,
  productOptions,
  products,
  staticPages,
  temples,
  users,
} from "../../server/db/schema";
import { isContentEmpty, seedDemo } from "../../server/db/seed/seedDemo";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "../support/server/testDb";

async function counts(db: Db) {
  const n = async (
    table:
      | typeof temples
      | typeof monks
      | typeof news
      | typeof products
      | typeof productOptions
      | typeof staticPages
      | typeof users,
  ) => (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    temples: await n(temples),
    monks: await n(monks),
    news: await n(news),
    products: await n(products),
    options: await n(productOptions),
    pages: await n(staticPages),
    users: await n(users),
  };
}

const realUser = (overrides: Partial<typeof users.$inferInsert>) => ({
  imId: "real_0001",
  nickname: "真实用户",
  inviteCode: "REAL0001",
  ...overrides,
});

describeEachDatabase("demo seed", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it("loads temples, monks, news, products, pages and four demo accounts", async () => {
    database = await createTestDatabase(kind, { seed: false });
    const { db } = database;
    expect(await isContentEmpty(db)).toBe(true);
    const report = await seedDemo(db);
    expect(await isContentEmpty(db)).toBe(false);
    expect(report.accountsCreated).toBe(4);
    const loaded = await counts(db);
    expect(loaded).toEqual({
      temples: 3,
      monks: 6,
      news: report.news,
      products: report.products,
      options: report.options,
      pages: 3,
      users: 4,
    });
    expect(loaded.news).toBeGreaterThanOrEqual(14);
    expect(loaded.products).toBeGreaterThanOrEqual(8);

    const accounts = await db.select().from(users).orderBy(asc(users.phone));
    expect(
      accounts.map((u) => [
        u.phone,
        u.email,
        u.isService,
        u.isMonk,
        u.isManager,
      ]),
    ).toEqual([
      ["13800000001", "user@fuyuan.local", 0, 0, 0],
      ["13800000002", "service@fuyuan.local", 1, 0, 0],
      ["13800000003", "monk@fuyuan.local", 0, 1, 0],
      ["13800000004", "manager@fuyuan.local", 0, 0, 1],
    ]);
    const monkAccount = accounts.find((u) => u.isMonk === 1)!;
    const linked = await db
      .select()
      .from(monks)
      .where(eq(monks.userId, monkAccount.id));
    expect(linked.map((m) => m.slug)).toEqual(["huiming"]);
    // IM tokens belong to sign-in sessions now; demo accounts start unbanned with distinct imIds.
    expect(new Set(accounts.map((u) => u.imId)).size).toBe(4);
    expect(accounts.every((u) => !u.banned)).toBe(true);
  });

  it("is idempotent: re-running keeps every row and id", async () => {
    database = await createTestDatabase(kind, { seed: true });
    const { db } = database;
    const before = await counts(db);
    const productIds = await db
      .select({ id: products.id, slug: products.slug })
      .from(products)
      .orderBy(asc(products.id));
    const accountsBefore = await db.select().from(users).orderBy(asc(users.id));

    const again = await seedDemo(db);
    await seedDemo(db);

    expect(again.accountsCreated).toBe(0);
    expect(await counts(db)).toEqual(before);
    expect(
      await db
        .select({ id: products.id, slug: products.slug })
        .from(products)
        .orderBy(asc(products.id)),
    ).toEqual(productIds);
    expect(await db.select().from(users).orderBy(asc(users.id))).toEqual(
      accountsBefore,
    );
  });

  it("never touches real users, even one holding a demo phone number", async () => {
    database = await createTestDatabase(kind, { seed: false });
    const { db } = database;
    const [holder] = await db
      .insert(users)
      .values(realUser({ phone: "13800000003", email: "real@example.com" }))
      .returning();
    const [other] = await db
      .insert(users)
      .values(
        realUser({
          imId: "real_0002",
          inviteCode: "REAL0002",
          phone: "13900000000",
        }),
      )
      .returning();

    const report = await seedDemo(db);
    await seedDemo(db);

    expect(report.accountsCreated).toBe(3);
    const [holderAfter] = await db
      .select()
      .from(users)
      .where(eq(users.id, holder!.id));
    const [otherAfter] = await db
      .select()
      .from(users)
      .where(eq(users.id, other!.id));
    expect(holderAfter).toEqual(holder);
    expect(otherAfter).toEqual(other);
    // The demo monk account could not be created, so the monk profile is not linked to the real user.
    const [huiming] = await db
      .select()
      .from(monks)
      .where(eq(monks.slug, "huiming"));
    expect(huiming!.userId).toBeNull();
    expect((await counts(db)).users).toBe(5);
  });
});

describe("demo artwork", () => {
  it("every image the seed refers to is one of our SVG files in public/images", async () => {
    const { existsSync, readFileSync } = await import("node:fs");
    const { TEMPLES, MONKS } = await import("../../server/db/seed/templesData");
    const { NEWS } = await import("../../server/db/seed/newsData");
    const { PRODUCTS } = await import("../../server/db/seed/productsData");
    const { DEMO_ACCOUNTS } = await import("../../server/db/seed/demoAccounts");
    const paths = new Set([
      ...TEMPLES.map((t) => t.cover),
      ...MONKS.map((m) => m.avatar),
      ...NEWS.flatMap((n) => [n.cover, ...n.images]),
      ...PRODUCTS.map((p) => p.cover),
      ...DEMO_ACCOUNTS.map((a) => a.avatarUrl),
    ]);
    expect(paths.size).toBeGreaterThan(25);
    for (const path of paths) {
      expect(path).toMatch(/^\/images\/[a-z]+\/[a-z-]+\.svg$/);
      const file = new URL(`../../public${path}`, import.meta.url);
      expect(existsSync(file), path).toBe(true);
      expect(readFileSync(file, "utf8")).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*role="img"/,
      );
    }
  });
});
