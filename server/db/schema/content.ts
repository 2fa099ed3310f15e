// Public content: temples, monks, news, blessing products with their options, static pages.
// Texts are jsonb `Localized` values ({cn, tw, en}); the API picks one locale per request.
import { PRODUCT_CATEGORIES, type ProductCategory } from "#contract";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import type { Localized } from "../../lib/locale";
import { users } from "./users";

export interface PageSection {
  heading: string;
  paragraphs: string[];
}

export const temples = pgTable("temples", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: jsonb("name").$type<Localized>().notNull(),
  location: jsonb("location").$type<Localized>().notNull(),
  description: jsonb("description").$type<Localized>().notNull(),
  founded: jsonb("founded").$type<Localized>().notNull(),
  cover: text("cover").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const monks = pgTable(
  "monks",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    templeId: integer("temple_id")
      .notNull()
      .references(() => temples.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .unique()
      .references(() => users.id, { onDelete: "set null" }),
    name: jsonb("name").$type<Localized>().notNull(),
    title: jsonb("title").$type<Localized>().notNull(),
    bio: jsonb("bio").$type<Localized>().notNull(),
    avatar: text("avatar").notNull(),
    specialties: jsonb("specialties").$type<Localized<string[]>>().notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("monks_temple_idx").on(t.templeId)],
);

export const news = pgTable(
  "news",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    templeId: integer("temple_id")
      .notNull()
      .references(() => temples.id, { onDelete: "cascade" }),
    title: jsonb("title").$type<Localized>().notNull(),
    summary: jsonb("summary").$type<Localized>().notNull(),
    body: jsonb("body").$type<Localized<string[]>>().notNull(),
    cover: text("cover").notNull(),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("news_published_idx").on(t.publishedAt, t.id)],
);

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    category: text("category").$type<ProductCategory>().notNull(),
    title: jsonb("title").$type<Localized>().notNull(),
    summary: jsonb("summary").$type<Localized>().notNull(),
    description: jsonb("description").$type<Localized<string[]>>().notNull(),
    cover: text("cover").notNull(),
    monkId: integer("monk_id").references(() => monks.id, {
      onDelete: "set null",
    }),
    askBeneficiary: boolean("ask_beneficiary").notNull().default(false),
    askWish: boolean("ask_wish").notNull().default(false),
    askBirthDate: boolean("ask_birth_date").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    active: boolean("active").notNull().default(true),
  },
  (t) => [
    check(
      "products_category_known",
      sql.raw(
        `"category" in (${PRODUCT_CATEGORIES.map((c) => `'${c}'`).join(", ")})`,
      ),
    ),
    index("products_listing_idx").on(t.active, t.sortOrder, t.id),
  ],
);

export const productOptions = pgTable(
  "product_options",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    label: jsonb("label").$type<Localized>().notNull(),
    days: integer("days").notNull(),
    priceFen: integer("price_fen").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    unique("product_options_product_sort_unique").on(t.productId, t.sortOrder),
    check("product_options_price_positive", sql`${t.priceFen} > 0`),
    check("product_options_days_positive", sql`${t.days} > 0`),
  ],
);

export const staticPages = pgTable("static_pages", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  title: jsonb("title").$type<Localized>().notNull(),
  sections: jsonb("sections").$type<Localized<PageSection[]>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow(),
});
