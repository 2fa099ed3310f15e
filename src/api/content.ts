// Calls of the public content API, one function per endpoint. Loaders use these; components
// never call fetch themselves.
import { homeCall, productCall } from "#contract";
import { apiRequest } from "./client";
import type {
  HomeData,
  Locale,
  MonkWithTemple,
  NewsItem,
  Page,
  Product,
  ProductCard,
  ProductCategory,
  StaticPage,
  StaticPageSlug,
  Temple,
} from "./types";

/** Page sizes of the paginated lists (the API allows 1–50). */
export const PAGE_SIZES = { products: 10, news: 6 } as const;

interface Call {
  signal?: AbortSignal | undefined;
}

function withSignal(signal: AbortSignal | undefined): { signal?: AbortSignal } {
  return signal ? { signal } : {};
}

export function fetchHome(
  locale: Locale,
  { signal }: Call = {},
): Promise<HomeData> {
  const { path, query } = homeCall(locale);
  return apiRequest(path, { query, ...withSignal(signal) });
}

export function fetchTemples(
  locale: Locale,
  { signal }: Call = {},
): Promise<{ list: Temple[] }> {
  return apiRequest("oapi/v1/temples", {
    query: { locale },
    ...withSignal(signal),
  });
}

export function fetchMonk(
  id: number,
  locale: Locale,
  { signal }: Call = {},
): Promise<MonkWithTemple> {
  return apiRequest(`oapi/v1/monks/${String(id)}`, {
    query: { locale },
    ...withSignal(signal),
  });
}

export function fetchNews(
  params: { locale: Locale; page: number; pageSize: number },
  { signal }: Call = {},
): Promise<Page<NewsItem>> {
  return apiRequest("oapi/v1/news", { query: params, ...withSignal(signal) });
}

export function fetchProducts(
  params: {
    locale: Locale;
    category: ProductCategory | undefined;
    page: number;
    pageSize: number;
  },
  { signal }: Call = {},
): Promise<Page<ProductCard>> {
  return apiRequest("oapi/v1/products", {
    query: params,
    ...withSignal(signal),
  });
}

export function fetchProduct(
  id: number,
  locale: Locale,
  { signal }: Call = {},
): Promise<Product> {
  const { path, query } = productCall(id, locale);
  return apiRequest(path, { query, ...withSignal(signal) });
}

export function fetchStaticPage(
  slug: StaticPageSlug,
  locale: Locale,
  { signal }: Call = {},
): Promise<StaticPage> {
  return apiRequest(`oapi/v1/pages/${slug}`, {
    query: { locale },
    ...withSignal(signal),
  });
}
