// Turns stored rows (texts kept per locale) into the API shapes for one requested locale.
// Pure functions: no queries here.
import { type Locale, pick } from "../../lib/locale";
import type {
  MonkRow,
  NewsRow,
  OptionRow,
  PageRow,
  ProductRow,
  TempleRow,
} from "./queries";
import type {
  MonkDto,
  NewsItemDto,
  ProductCardDto,
  ProductDto,
  ProductOptionDto,
  StaticPageDto,
  TempleCardDto,
  TempleDto,
} from "#contract";

export function templeCard(row: TempleRow, locale: Locale): TempleCardDto {
  return {
    id: row.id,
    name: pick(row.name, locale),
    location: pick(row.location, locale),
    cover: row.cover,
  };
}

export function temple(
  row: TempleRow,
  monks: MonkRow[],
  locale: Locale,
): TempleDto {
  return {
    ...templeCard(row, locale),
    description: pick(row.description, locale),
    founded: pick(row.founded, locale),
    monks: monks.map((m) => monk(m, locale)),
  };
}

export function monk(row: MonkRow, locale: Locale): MonkDto {
  return {
    id: row.id,
    templeId: row.templeId,
    name: pick(row.name, locale),
    title: pick(row.title, locale),
    bio: pick(row.bio, locale),
    avatar: row.avatar,
    specialties: pick(row.specialties, locale),
    imId: row.imId,
  };
}

export function newsItem(row: NewsRow, locale: Locale): NewsItemDto {
  return {
    id: row.id,
    title: pick(row.title, locale),
    summary: pick(row.summary, locale),
    body: pick(row.body, locale),
    cover: row.cover,
    images: row.images,
    publishedAt: row.publishedAt.toISOString(),
    templeName: pick(row.templeName, locale),
  };
}

export function productCard(row: ProductRow, locale: Locale): ProductCardDto {
  return {
    id: row.id,
    category: row.category,
    title: pick(row.title, locale),
    summary: pick(row.summary, locale),
    cover: row.cover,
    fromPriceFen: row.fromPriceFen,
    monkName: row.monkName ? pick(row.monkName, locale) : null,
  };
}

export function product(
  row: ProductRow,
  options: OptionRow[],
  monkRow: MonkRow | null,
  locale: Locale,
  supporters: number,
): ProductDto {
  return {
    ...productCard(row, locale),
    description: pick(row.description, locale),
    options: options.map((o) => productOption(o, locale)),
    monk: monkRow ? monk(monkRow, locale) : null,
    supporters,
    asks: {
      beneficiary: row.askBeneficiary,
      wish: row.askWish,
      birthDate: row.askBirthDate,
    },
  };
}

function productOption(row: OptionRow, locale: Locale): ProductOptionDto {
  return {
    id: row.id,
    label: pick(row.label, locale),
    days: row.days,
    priceFen: row.priceFen,
  };
}

export function staticPage(row: PageRow, locale: Locale): StaticPageDto {
  return {
    slug: row.slug,
    title: pick(row.title, locale),
    sections: pick(row.sections, locale),
    updatedAt: row.updatedAt.toISOString(),
  };
}
