// Response shapes of the public content API (brief: content-api.md) and the runtime config.
// Texts arrive localized; prices are integers in fen; image URLs are site-relative.
import { PRODUCT_CATEGORIES, type ProductCategory } from "#contract";
import type { Locale } from "../i18n/locales";

export type { Locale };

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface RuntimeConfig {
  version: string;
  imWsUrl: string;
  publicUrl: string;
  login: { phone: boolean; email: boolean; wechat: boolean };
  /** null when WeChat login is off. */
  wechat: WechatConfig | null;
  devTools: boolean;
}

/** WeChat login settings (accounts contract): the real endpoints, or the /dev emulator's. */
export interface WechatConfig {
  /** Open-platform website app (desktop QR login). */
  appId: string;
  /** Official account (in-app login inside WeChat). */
  mpAppId: string;
  /** PUBLIC_URL + "/callback". */
  redirectUrl: string;
  emulator: boolean;
  /** https://open.weixin.qq.com/connect/qrconnect, or the emulator's authorize page. */
  qrConnectUrl: string;
  /** https://open.weixin.qq.com/connect/oauth2/authorize, or the emulator's authorize page. */
  authorizeUrl: string;
}

export interface TempleCard {
  id: number;
  name: string;
  location: string;
  cover: string;
}

export interface Monk {
  id: number;
  templeId: number;
  name: string;
  title: string;
  bio: string;
  avatar: string;
  specialties: string[];
  imId: string | null;
}

export interface Temple extends TempleCard {
  description: string;
  founded: string;
  monks: Monk[];
}

export type MonkWithTemple = Monk & { temple: TempleCard };

export interface NewsItem {
  id: number;
  title: string;
  summary: string;
  body: string[];
  cover: string;
  images: string[];
  publishedAt: string;
  templeName: string;
}

// NOTE: re-exported, not copied: the server stores and checks the same list (#contract).
export { PRODUCT_CATEGORIES, type ProductCategory };

export interface ProductCard {
  id: number;
  category: ProductCategory;
  title: string;
  summary: string;
  cover: string;
  fromPriceFen: number;
  monkName: string | null;
}

export interface ProductOption {
  id: number;
  label: string;
  days: number;
  priceFen: number;
}

export interface Product extends ProductCard {
  description: string[];
  options: ProductOption[];
  monk: Monk | null;
  /** How many people have taken part (paid, in service or completed). */
  supporters: number;
  asks: { beneficiary: boolean; wish: boolean; birthDate: boolean };
}

export interface StaticPage {
  slug: string;
  title: string;
  sections: { heading: string; paragraphs: string[] }[];
  updatedAt: string;
}

export const STATIC_PAGE_SLUGS = [
  "privacy-policy",
  "terms-of-service",
  "fate-together",
] as const;
export type StaticPageSlug = (typeof STATIC_PAGE_SLUGS)[number];

export interface HomeData {
  featured: ProductCard[];
  news: NewsItem[];
  temples: TempleCard[];
}
