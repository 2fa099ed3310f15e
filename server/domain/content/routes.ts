// Public content endpoints under /api/app/oapi/v1: home, temples, monks, news, products, pages.
// Each answers the requested locale inside the envelope; unknown ids and slugs are 404. The home
// page and a product page are served from the content cache (contentCache.ts).
import {
  Home,
  IdParams,
  LocaleQuery,
  MonkDetail,
  NewsItem,
  NewsListQuery,
  PageOf,
  Product,
  ProductCard,
  ProductListQuery,
  SlugParams,
  StaticPage,
  TempleList,
} from "#contract/schemas";
import { DEFAULT_LOCALE, type Locale } from "../../lib/locale";
import { COMMON_ERRORS, EnvelopeOf, ok } from "../../http/envelope";
import { HttpError } from "../../http/errors";
import type { DomainPlugin } from "../../http/domainPlugin";
import * as present from "./present";
import { contentCacheOf } from "./contentCache";
import {
  findNews,
  findPage,
  findProduct,
  findTemple,
  listMonks,
  listNews,
  listProducts,
  listTemples,
} from "./queries";

const tags = ["content"];
const HOME_FEATURED = 6;
const HOME_NEWS = 3;
const DEFAULT_PAGE_SIZE = 10;

export const contentRoutes: DomainPlugin = (app, { db }) => {
  const cache = contentCacheOf(db);
  const localeOf = (query: { locale?: Locale | undefined }): Locale =>
    query.locale ?? DEFAULT_LOCALE;

  app.get(
    "/oapi/v1/home",
    {
      schema: {
        tags,
        summary: "Home page: featured products, newest news, temples",
        querystring: LocaleQuery,
        response: { 200: EnvelopeOf(Home), ...COMMON_ERRORS },
      },
    },
    async (request) => {
      const locale = localeOf(request.query);
      return ok(
        await cache.get(`home:${locale}`, async () => {
          const [featured, latest, temples] = await Promise.all([
            listProducts(db, { page: 1, pageSize: HOME_FEATURED }),
            listNews(db, { page: 1, pageSize: HOME_NEWS }),
            listTemples(db),
          ]);
          return {
            featured: featured.rows.map((row) =>
              present.productCard(row, locale),
            ),
            news: latest.rows.map((row) => present.newsItem(row, locale)),
            temples: temples.map((row) => present.templeCard(row, locale)),
          };
        }),
      );
    },
  );

  app.get(
    "/oapi/v1/temples",
    {
      schema: {
        tags,
        summary: "All temples with their monks",
        querystring: LocaleQuery,
        response: { 200: EnvelopeOf(TempleList), ...COMMON_ERRORS },
      },
    },
    async (request) => {
      const locale = localeOf(request.query);
      const temples = await listTemples(db);
      const monks = await listMonks(db, {
        templeIds: temples.map((t) => t.id),
      });
      return ok({
        list: temples.map((row) =>
          present.temple(
            row,
            monks.filter((m) => m.templeId === row.id),
            locale,
          ),
        ),
      });
    },
  );

  app.get(
    "/oapi/v1/monks/:id",
    {
      schema: {
        tags,
        summary: "One monk with their temple",
        params: IdParams,
        querystring: LocaleQuery,
        response: { 200: EnvelopeOf(MonkDetail), ...COMMON_ERRORS },
      },
    },
    async (request) => {
      const locale = localeOf(request.query);
      const [monk] = await listMonks(db, { id: request.params.id });
      const temple = monk ? await findTemple(db, monk.templeId) : undefined;
      if (!monk || !temple)
        throw new HttpError(
          "MONK_NOT_FOUND",
          `monk ${request.params.id} not found`,
        );
      return ok({
        ...present.monk(monk, locale),
        temple: present.templeCard(temple, locale),
      });
    },
  );

  app.get(
    "/oapi/v1/news",
    {
      schema: {
        tags,
        summary: "News, newest first",
        querystring: NewsListQuery,
        response: { 200: EnvelopeOf(PageOf(NewsItem)), ...COMMON_ERRORS },
      },
    },
    async (request) => {
      const locale = localeOf(request.query);
      const page = request.query.page ?? 1;
      const pageSize = request.query.pageSize ?? DEFAULT_PAGE_SIZE;
      const { rows, total } = await listNews(db, { page, pageSize });
      return ok({
        list: rows.map((row) => present.newsItem(row, locale)),
        total,
        page,
        pageSize,
      });
    },
  );

  app.get(
    "/oapi/v1/news/:id",
    {
      schema: {
        tags,
        summary: "One news item",
        params: IdParams,
        querystring: LocaleQuery,
        response: { 200: EnvelopeOf(NewsItem), ...COMMON_ERRORS },
      },
    },
    async (request) => {
      const row = await findNews(db, request.params.id);
      if (!row)
        throw new HttpError(
          "NEWS_NOT_FOUND",
          `news ${request.params.id} not found`,
        );
      return ok(present.newsItem(row, localeOf(request.query)));
    },
  );

  app.get(
    "/oapi/v1/products",
    {
      schema: {
        tags,
        summary: "Blessing products, optionally of one category",
        querystring: ProductListQuery,
        response: { 200: EnvelopeOf(PageOf(ProductCard)), ...COMMON_ERRORS },
      },
    },
    async (request) => {
      const locale = localeOf(request.query);
      const page = request.query.page ?? 1;
      const pageSize = request.query.pageSize ?? DEFAULT_PAGE_SIZE;
      const { rows, total } = await listProducts(db, {
        page,
        pageSize,
        category: request.query.category,
      });
      return ok({
        list: rows.map((row) => present.productCard(row, locale)),
        total,
        page,
        pageSize,
      });
    },
  );

  app.get(
    "/oapi/v1/products/:id",
    {
      schema: {
        tags,
        summary: "One product with its options and monk",
        params: IdParams,
        querystring: LocaleQuery,
        response: { 200: EnvelopeOf(Product), ...COMMON_ERRORS },
      },
    },
    async (request) => {
      const { id } = request.params;
      const locale = localeOf(request.query);
      return ok(
        await cache.get(`product:${String(id)}:${locale}`, async () => {
          const found = await findProduct(db, id);
          if (!found)
            throw new HttpError("PRODUCT_NOT_FOUND", `product ${id} not found`);
          return present.product(
            found.product,
            found.options,
            found.monk,
            locale,
            found.supporters,
          );
        }),
      );
    },
  );

  app.get(
    "/oapi/v1/pages/:slug",
    {
      schema: {
        tags,
        summary:
          "A static page (privacy-policy, terms-of-service, fate-together)",
        params: SlugParams,
        querystring: LocaleQuery,
        response: { 200: EnvelopeOf(StaticPage), ...COMMON_ERRORS },
      },
    },
    async (request) => {
      const row = await findPage(db, request.params.slug);
      if (!row)
        throw new HttpError(
          "PAGE_NOT_FOUND",
          `page ${request.params.slug} not found`,
        );
      return ok(present.staticPage(row, localeOf(request.query)));
    },
  );
};
