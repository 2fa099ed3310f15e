// TypeBox schemas of the admin's product editor (#22) under /api/app/admin/v1/products: every
// product with all three languages, hidden ones too, and the save and show/hide bodies. The
// schema bounds the shapes; the server's productCommands.ts checks the texts (trimmed, visible,
// no control characters) with the same rules as every other form.
import { type Static, Type } from "typebox";
import { PRODUCT_LIMITS, PRODUCT_SLUG_PATTERN } from "../admin";
import { PRODUCT_CATEGORIES } from "../catalog";
import { Id } from "./common";

// NOTE: the schema's maxLength counts UTF-16 units, generously (4 per character) so that emoji
// pass; the real limit in characters is checked by requiredText.
function LocalizedText(maxChars: number) {
  const text = Type.String({ maxLength: maxChars * 4 });
  return Type.Object(
    { cn: text, tw: text, en: text },
    { additionalProperties: false },
  );
}

const Paragraphs = Type.Array(
  Type.String({ maxLength: PRODUCT_LIMITS.paragraphMaxChars * 4 }),
  { maxItems: PRODUCT_LIMITS.paragraphsMax },
);

const Description = Type.Object(
  { cn: Paragraphs, tw: Paragraphs, en: Paragraphs },
  { additionalProperties: false },
);

const Category = Type.Enum([...PRODUCT_CATEGORIES]);

export const AdminProductOption = Type.Object({
  id: Type.Integer(),
  label: LocalizedText(PRODUCT_LIMITS.optionLabelMaxChars),
  days: Type.Integer(),
  priceFen: Type.Integer(),
  /** Orders that name this option (any status): such an option can be repriced, not removed. */
  orderCount: Type.Integer(),
});

export const AdminProduct = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  category: Category,
  title: LocalizedText(PRODUCT_LIMITS.titleMaxChars),
  summary: LocalizedText(PRODUCT_LIMITS.summaryMaxChars),
  description: Description,
  cover: Type.String({ description: "Image path or /media URL." }),
  monkId: Type.Union([Type.Integer(), Type.Null()]),
  askBeneficiary: Type.Boolean(),
  askWish: Type.Boolean(),
  askBirthDate: Type.Boolean(),
  sortOrder: Type.Integer(),
  active: Type.Boolean({ description: "false: hidden from the shop." }),
  options: Type.Array(AdminProductOption),
  orderCount: Type.Integer(),
});
export type AdminProduct = Static<typeof AdminProduct>;

/** A monk a product can name, for the editor's picker. */
export const MonkChoice = Type.Object({
  id: Type.Integer(),
  name: LocalizedText(64),
});

export const AdminProductList = Type.Object({
  /** In shop order. */
  list: Type.Array(AdminProduct),
  monks: Type.Array(MonkChoice),
});

export const ProductSaveBody = Type.Object(
  {
    /** Absent: create a product. */
    id: Type.Optional(Id),
    /** Set when creating; a product's slug never changes. */
    slug: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: PRODUCT_LIMITS.slugMaxChars,
        pattern: PRODUCT_SLUG_PATTERN,
      }),
    ),
    category: Category,
    title: LocalizedText(PRODUCT_LIMITS.titleMaxChars),
    summary: LocalizedText(PRODUCT_LIMITS.summaryMaxChars),
    description: Description,
    /** A picture the admin uploaded (POST file/v1/upload): becomes the cover. Required to create. */
    coverFileId: Type.Optional(Type.String({ maxLength: 64 })),
    monkId: Type.Union([Id, Type.Null()]),
    askBeneficiary: Type.Boolean(),
    askWish: Type.Boolean(),
    askBirthDate: Type.Boolean(),
    sortOrder: Type.Integer({
      minimum: 0,
      maximum: PRODUCT_LIMITS.sortOrderMax,
    }),
    /** In the order shown; an option with `id` is edited, one without is added, one left out removed. */
    options: Type.Array(
      Type.Object(
        {
          id: Type.Optional(Id),
          label: LocalizedText(PRODUCT_LIMITS.optionLabelMaxChars),
          days: Type.Integer({ minimum: 1, maximum: PRODUCT_LIMITS.daysMax }),
          priceFen: Type.Integer({
            minimum: 1,
            maximum: PRODUCT_LIMITS.priceFenMax,
          }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: PRODUCT_LIMITS.optionsMax },
    ),
  },
  { additionalProperties: false },
);
export type ProductSaveBody = Static<typeof ProductSaveBody>;

export const ProductVisibilityBody = Type.Object(
  { id: Id, active: Type.Boolean() },
  { additionalProperties: false },
);
