// The product editor's form (#22), pure: the draft an admin types (texts as typed, prices in yuan,
// descriptions as paragraphs between blank lines), its checks, the save body built from it, and
// which input a server refusal's field names. No DOM, no requests.
import { msg } from "@lingui/core/macro";
import { PRODUCT_LIMITS, PRODUCT_SLUG_PATTERN } from "#contract";
import type { ProductCategory } from "../../api/types";
import { isLocale, LOCALES, type Locale } from "../../i18n/locales";
import { formatPriceFen } from "../../lib/format";
import type { FieldErrors } from "../../ui/fieldErrors";
import type {
  AdminProduct,
  AdminProductOption,
  LocalizedText,
  ProductSaveBody,
} from "./adminApi";

export interface OptionDraft {
  /** React's key: `option-<id>` for a saved option, anything else unique for a new one. */
  key: string;
  /** Undefined until saved. */
  id: number | undefined;
  label: LocalizedText;
  /** Whole days as typed. */
  days: string;
  /** Yuan as typed: "68.00". */
  price: string;
  orderCount: number;
}

export interface ProductDraft {
  /** Undefined while creating. */
  id: number | undefined;
  slug: string;
  category: ProductCategory;
  title: LocalizedText;
  summary: LocalizedText;
  /** Per language: paragraphs separated by blank lines. */
  description: LocalizedText;
  monkId: number | null;
  askBeneficiary: boolean;
  askWish: boolean;
  askBirthDate: boolean;
  /** A whole number as typed. */
  sortOrder: string;
  options: OptionDraft[];
}

/** The texts of a product, by the field of the save body. */
export const TEXT_FIELDS = ["title", "summary", "description"] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/**
 * A form's problems by input key (the inputs' ids are `${formId}-${key}`): the form's own checks,
 * or the server's refusal sentence.
 */
export type FormErrors = FieldErrors<string>;

const YUAN = /^(\d{1,9})(?:\.(\d{1,2}))?$/;
const WHOLE = /^\d{1,9}$/;
const SLUG = new RegExp(PRODUCT_SLUG_PATTERN);

/**
 * The fen of a yuan amount as typed: "68", "68.5", "68.00", "¥1,200"; null unless it is a plain
 * amount with at most two decimals. Integer arithmetic only.
 * @example parseYuan("68.50") // 6850
 */
export function parseYuan(text: string): number | null {
  const plain = text
    .trim()
    .replace(/^[¥￥]\s*/, "")
    .replaceAll(",", "");
  const match = YUAN.exec(plain);
  if (match === null) return null;
  const cents = (match[2] ?? "").padEnd(2, "0");
  return Number(match[1]) * 100 + Number(cents);
}

/** Fen as the yuan an input shows: 6800 → "68.00" (no sign, no grouping). */
export function yuanText(fen: number): string {
  return `${String(Math.floor(fen / 100))}.${String(fen % 100).padStart(2, "0")}`;
}

/** The paragraphs of a description as typed: blank lines separate them; empty ones are dropped. */
export function splitParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "");
}

/** Paragraphs as one text to edit, a blank line between each two. */
export function joinParagraphs(paragraphs: readonly string[]): string {
  return paragraphs.join("\n\n");
}

/** "¥68.00" or "¥68.00 – ¥680.00": the prices of a product's options; null when it has none. */
export function priceRangeText(
  options: readonly Pick<AdminProductOption, "priceFen">[],
): string | null {
  if (options.length === 0) return null;
  const prices = options.map((option) => option.priceFen);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  return low === high
    ? formatPriceFen(low)
    : [low, high].map(formatPriceFen).join(" – ");
}

const localized = (pick: (locale: Locale) => string): LocalizedText => ({
  cn: pick("cn"),
  tw: pick("tw"),
  en: pick("en"),
});

const EMPTY_TEXT: LocalizedText = { cn: "", tw: "", en: "" };

/** A new option, with nothing typed but a month's duration. */
export function blankOption(key: string): OptionDraft {
  return {
    key,
    id: undefined,
    label: EMPTY_TEXT,
    days: "30",
    price: "",
    orderCount: 0,
  };
}

/** The draft of a saved product, or of a new one placed after the others (`sortOrder`). */
export function draftOf(
  product: AdminProduct | undefined,
  sortOrder: number,
): ProductDraft {
  if (product === undefined)
    return {
      id: undefined,
      slug: "",
      category: "lamp",
      title: EMPTY_TEXT,
      summary: EMPTY_TEXT,
      description: EMPTY_TEXT,
      monkId: null,
      askBeneficiary: true,
      askWish: true,
      askBirthDate: false,
      sortOrder: String(sortOrder),
      options: [blankOption("new-0")],
    };
  return {
    id: product.id,
    slug: product.slug,
    category: product.category,
    title: product.title,
    summary: product.summary,
    description: localized((l) => joinParagraphs(product.description[l])),
    monkId: product.monkId,
    askBeneficiary: product.askBeneficiary,
    askWish: product.askWish,
    askBirthDate: product.askBirthDate,
    sortOrder: String(product.sortOrder),
    options: product.options.map((option) => ({
      key: `option-${String(option.id)}`,
      id: option.id,
      label: option.label,
      days: String(option.days),
      price: yuanText(option.priceFen),
      orderCount: option.orderCount,
    })),
  };
}

/** Whether an option may leave the product: nobody ordered it, and another one stays. */
export function canRemoveOption(
  options: readonly OptionDraft[],
  index: number,
): boolean {
  const option = options[index];
  return option !== undefined && option.orderCount === 0 && options.length > 1;
}

/** The options without the one at `index`, unchanged when it may not be removed. */
export function removeOption(
  options: readonly OptionDraft[],
  index: number,
): OptionDraft[] {
  return canRemoveOption(options, index)
    ? options.filter((_, i) => i !== index)
    : [...options];
}

/** The options with the one at `index` moved one place up (-1) or down (1). */
export function moveOption(
  options: readonly OptionDraft[],
  index: number,
  by: -1 | 1,
): OptionDraft[] {
  const to = index + by;
  const moved = [...options];
  const [a, b] = [moved[index], moved[to]];
  if (a === undefined || b === undefined) return moved;
  moved[index] = b;
  moved[to] = a;
  return moved;
}

const chars = (text: string) => Array.from(text.trim()).length;

function checkText(
  errors: FormErrors,
  key: string,
  text: string,
  max: number,
): void {
  if (text.trim() === "") errors[key] = msg`请填写此项`;
  else if (chars(text) > max) errors[key] = msg`最多 ${max} 个字`;
}

function checkDescription(errors: FormErrors, key: string, text: string) {
  const paragraphs = splitParagraphs(text);
  const longest = PRODUCT_LIMITS.paragraphMaxChars;
  const most = PRODUCT_LIMITS.paragraphsMax;
  if (paragraphs.length === 0) errors[key] = msg`请填写此项`;
  else if (paragraphs.length > most) errors[key] = msg`最多 ${most} 段`;
  else if (paragraphs.some((p) => chars(p) > longest))
    errors[key] = msg`每段最多 ${longest} 个字`;
}

function whole(text: string, min: number, max: number): number | null {
  const trimmed = text.trim();
  if (!WHOLE.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : null;
}

function checkOption(
  errors: FormErrors,
  option: OptionDraft,
  index: number,
): ProductSaveBody["options"][number] | undefined {
  const key = `option-${String(index)}`;
  for (const locale of LOCALES)
    checkText(
      errors,
      `${key}-label-${locale}`,
      option.label[locale],
      PRODUCT_LIMITS.optionLabelMaxChars,
    );
  const daysMax = PRODUCT_LIMITS.daysMax;
  const days = whole(option.days, 1, daysMax);
  if (days === null)
    errors[`${key}-days`] = msg`请输入 1 至 ${daysMax} 之间的整数`;
  const priceFen = parseYuan(option.price);
  const top = formatPriceFen(PRODUCT_LIMITS.priceFenMax);
  if (priceFen === null || priceFen < 1)
    errors[`${key}-price`] = msg`请输入大于 0 的金额，最多两位小数`;
  else if (priceFen > PRODUCT_LIMITS.priceFenMax)
    errors[`${key}-price`] = msg`单价最高 ${top}`;
  if (days === null || priceFen === null) return undefined;
  return {
    ...(option.id === undefined ? {} : { id: option.id }),
    label: localized((l) => option.label[l].trim()),
    days,
    priceFen,
  };
}

/** What the cover input holds: a stored upload's name, or an upload under way. */
export interface CoverState {
  fileId: string | undefined;
  uploading: boolean;
}

export type SaveResult =
  { ok: true; body: ProductSaveBody } | { ok: false; errors: FormErrors };

/**
 * The save body of a draft, or every problem the form can see before asking the server (which
 * checks the same rules again). A new product needs a slug and a cover; an edit keeps its cover
 * unless a new picture was uploaded.
 */
export function toSaveBody(draft: ProductDraft, cover: CoverState): SaveResult {
  const errors: FormErrors = {};
  const creating = draft.id === undefined;
  if (creating) {
    const slug = draft.slug.trim();
    if (slug === "") errors.slug = msg`请填写此项`;
    else if (!SLUG.test(slug) || slug.length > PRODUCT_LIMITS.slugMaxChars)
      errors.slug = msg`只能用小写字母、数字和连字符，例如 bright-lamp`;
  }
  if (cover.uploading) errors.cover = msg`封面图片还在上传，请稍候`;
  else if (creating && cover.fileId === undefined)
    errors.cover = msg`请选择封面图片`;
  for (const locale of LOCALES) {
    checkText(
      errors,
      `title-${locale}`,
      draft.title[locale],
      PRODUCT_LIMITS.titleMaxChars,
    );
    checkText(
      errors,
      `summary-${locale}`,
      draft.summary[locale],
      PRODUCT_LIMITS.summaryMaxChars,
    );
    checkDescription(
      errors,
      `description-${locale}`,
      draft.description[locale],
    );
  }
  const sortMax = PRODUCT_LIMITS.sortOrderMax;
  const sortOrder = whole(draft.sortOrder, 0, sortMax);
  if (sortOrder === null)
    errors.sortOrder = msg`请输入 0 至 ${sortMax} 之间的整数`;
  const options = draft.options.map((option, i) =>
    checkOption(errors, option, i),
  );
  if (draft.options.length === 0) errors.options = msg`至少需要一个规格`;
  if (Object.keys(errors).length > 0 || sortOrder === null)
    return { ok: false, errors };
  return {
    ok: true,
    body: {
      ...(draft.id === undefined
        ? { slug: draft.slug.trim() }
        : { id: draft.id }),
      category: draft.category,
      title: localized((l) => draft.title[l].trim()),
      summary: localized((l) => draft.summary[l].trim()),
      description: {
        cn: splitParagraphs(draft.description.cn),
        tw: splitParagraphs(draft.description.tw),
        en: splitParagraphs(draft.description.en),
      },
      ...(cover.fileId === undefined ? {} : { coverFileId: cover.fileId }),
      monkId: draft.monkId,
      askBeneficiary: draft.askBeneficiary,
      askWish: draft.askWish,
      askBirthDate: draft.askBirthDate,
      sortOrder,
      options: options.filter((option) => option !== undefined),
    },
  };
}

/**
 * The input a server refusal's `params.field` is about ("title/en", "options/1/label/cn",
 * "description/tw/2", "coverFileId"), as the form's key; undefined when the form has none.
 */
export function inputKeyOfField(field: string): string | undefined {
  const [head = "", a, b, c] = field.replace(/^body\//, "").split("/");
  switch (head) {
    case "title":
    case "summary":
    case "description":
      return isLocale(a) ? `${head}-${a}` : undefined;
    case "options":
      if (a === undefined || !/^\d+$/.test(a)) return "options";
      if (b === "label" && isLocale(c)) return `option-${a}-label-${c}`;
      if (b === "days") return `option-${a}-days`;
      if (b === "priceFen") return `option-${a}-price`;
      return `option-${a}-label-cn`;
    case "coverFileId":
      return "cover";
    case "monkId":
      return "monk";
    case "slug":
    case "sortOrder":
      return head;
    default:
      return undefined;
  }
}
