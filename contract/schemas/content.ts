// TypeBox schemas of the public content API (docs/content-api contract): query/params in,
// localized shapes out. They drive the server's validation, serialization and OpenAPI document;
// the tab derives its content types from them (src/api/types.ts).
import { type Static, Type } from "typebox";
import { PRODUCT_CATEGORIES } from "../catalog";
import { LocaleQuery } from "./common";

const pageFields = {
  page: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  ),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
  ),
};

export const NewsListQuery = Type.Object({
  ...LocaleQuery.properties,
  ...pageFields,
});

export const ProductListQuery = Type.Object({
  ...LocaleQuery.properties,
  ...pageFields,
  category: Type.Optional(
    Type.Enum([...PRODUCT_CATEGORIES], { description: "Only this category." }),
  ),
});

export const IdParams = Type.Object({
  id: Type.Integer({
    minimum: 1,
    maximum: 2_147_483_647,
    description: "Numeric id.",
  }),
});

export const SlugParams = Type.Object({
  slug: Type.String({
    pattern: "^[a-z0-9-]{1,64}$",
    description: "e.g. privacy-policy",
  }),
});

export const TempleCard = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  location: Type.String(),
  cover: Type.String({ description: "Site-relative image URL." }),
});

export const Monk = Type.Object({
  id: Type.Integer(),
  templeId: Type.Integer(),
  name: Type.String(),
  title: Type.String(),
  bio: Type.String(),
  avatar: Type.String(),
  specialties: Type.Array(Type.String()),
  imId: Type.Union([Type.String(), Type.Null()], {
    description: "The monk's IM account, null if none.",
  }),
});

export const MonkDetail = Type.Object({
  ...Monk.properties,
  temple: TempleCard,
});

export const Temple = Type.Object({
  ...TempleCard.properties,
  description: Type.String(),
  founded: Type.String(),
  monks: Type.Array(Monk),
});

export const TempleList = Type.Object({ list: Type.Array(Temple) });

export const NewsItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  summary: Type.String(),
  body: Type.Array(Type.String(), { description: "Paragraphs." }),
  cover: Type.String(),
  images: Type.Array(Type.String()),
  publishedAt: Type.String({ format: "date-time" }),
  templeName: Type.String(),
});

export const ProductCard = Type.Object({
  id: Type.Integer(),
  category: Type.Enum([...PRODUCT_CATEGORIES]),
  title: Type.String(),
  summary: Type.String(),
  cover: Type.String(),
  fromPriceFen: Type.Integer({ description: "Lowest option price, in fen." }),
  monkName: Type.Union([Type.String(), Type.Null()]),
});

export const ProductOption = Type.Object({
  id: Type.Integer(),
  label: Type.String(),
  days: Type.Integer(),
  priceFen: Type.Integer(),
});

export const Product = Type.Object({
  ...ProductCard.properties,
  description: Type.Array(Type.String()),
  options: Type.Array(ProductOption),
  monk: Type.Union([Monk, Type.Null()]),
  supporters: Type.Integer({
    minimum: 0,
    description:
      "How many people have taken part (a paid, in-service or completed order): social proof.",
  }),
  asks: Type.Object({
    beneficiary: Type.Boolean(),
    wish: Type.Boolean(),
    birthDate: Type.Boolean(),
  }),
});

export const StaticPage = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  sections: Type.Array(
    Type.Object({
      heading: Type.String(),
      paragraphs: Type.Array(Type.String()),
    }),
  ),
  updatedAt: Type.String({ format: "date-time" }),
});

export const Home = Type.Object({
  featured: Type.Array(ProductCard, { description: "Up to 6 products." }),
  news: Type.Array(NewsItem, { description: "The 3 newest items." }),
  temples: Type.Array(TempleCard),
});

export type TempleCardDto = Static<typeof TempleCard>;
export type TempleDto = Static<typeof Temple>;
export type MonkDto = Static<typeof Monk>;
export type MonkDetailDto = Static<typeof MonkDetail>;
export type NewsItemDto = Static<typeof NewsItem>;
export type ProductCardDto = Static<typeof ProductCard>;
export type ProductOptionDto = Static<typeof ProductOption>;
export type ProductDto = Static<typeof Product>;
export type StaticPageDto = Static<typeof StaticPage>;
export type HomeDto = Static<typeof Home>;
