// Types of the public content API (brief: content-api.md) and the runtime config: the server's own
// schemas (#contract), as types only, so nothing of typebox is bundled. Texts arrive localized;
// prices are integers in fen; image URLs are site-relative.
import {
  PRODUCT_CATEGORIES,
  type Home,
  type MonkDetail,
  type Monk as MonkSchema,
  type NewsItem as NewsItemSchema,
  type PageOf,
  type Product as ProductSchema,
  type ProductCard as ProductCardSchema,
  type ProductCategory,
  type ProductOption as ProductOptionSchema,
  type RuntimeConfig as RuntimeConfigSchema,
  type StaticPage as StaticPageSchema,
  type Temple as TempleSchema,
  type TempleCard as TempleCardSchema,
} from "#contract";
import type { Static } from "typebox";
import type { Locale } from "../i18n/locales";

export type { Locale };

/** One page of a list (the server's PageOf), typed by its items. */
export type Page<T> = Omit<Static<ReturnType<typeof PageOf>>, "list"> & {
  list: T[];
};

export type RuntimeConfig = Static<typeof RuntimeConfigSchema>;
/** WeChat login settings (accounts contract): the real endpoints, or the /dev emulator's. */
export type WechatConfig = NonNullable<RuntimeConfig["wechat"]>;

export type TempleCard = Static<typeof TempleCardSchema>;
export type Monk = Static<typeof MonkSchema>;
export type Temple = Static<typeof TempleSchema>;
export type MonkWithTemple = Static<typeof MonkDetail>;
export type NewsItem = Static<typeof NewsItemSchema>;

// NOTE: re-exported, not copied: the server stores and checks the same list (#contract).
export { PRODUCT_CATEGORIES, type ProductCategory };

export type ProductCard = Static<typeof ProductCardSchema>;
export type ProductOption = Static<typeof ProductOptionSchema>;
export type Product = Static<typeof ProductSchema>;
export type StaticPage = Static<typeof StaticPageSchema>;

export const STATIC_PAGE_SLUGS = [
  "privacy-policy",
  "terms-of-service",
  "fate-together",
] as const;
export type StaticPageSlug = (typeof STATIC_PAGE_SLUGS)[number];

export type HomeData = Static<typeof Home>;
