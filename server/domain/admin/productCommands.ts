// An admin creates or edits a blessing product, or hides and shows it (#22). Each change runs in one
// transaction with its audit record; the product row is locked first, so two admins saving the same
// product at once apply one after the other. Orders keep their own copy of the title, option label
// and price, so an edit changes what the next buyer sees, never an order already made.
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import { monks, orders, productOptions, products } from "../../db/schema";
import type { Localized } from "../../lib/locale";
import { HttpError } from "../../http/errors";
import { MEDIA_PREFIX, PRODUCT_LIMITS, type ProductSaveBody } from "#contract";
import { recordAudit } from "../audit/auditLog";
import { countOwnUploads } from "../files/uploads";
import { contentCacheOf } from "../content/contentCache";
import { requiredText } from "../orders/fieldRules";

const LOCALES = ["cn", "tw", "en"] as const;

function localizedText(
  value: Localized,
  field: string,
  max: number,
): Localized {
  const [cn, tw, en] = LOCALES.map((locale) =>
    requiredText(value[locale], `${field}/${locale}`, max),
  ) as [string, string, string];
  return { cn, tw, en };
}

function paragraphs(value: Localized<string[]>): Localized<string[]> {
  const out = {} as Localized<string[]>;
  for (const locale of LOCALES) {
    const list = value[locale].map((text, i) =>
      requiredText(
        text,
        `description/${locale}/${String(i)}`,
        PRODUCT_LIMITS.paragraphMaxChars,
        { multiline: true },
      ),
    );
    if (list.length === 0)
      throw new HttpError(
        "FIELD_REQUIRED",
        `body/description/${locale} needs a paragraph`,
        { params: { field: `description/${locale}` } },
      );
    out[locale] = list;
  }
  return out;
}

/** The cover a picture the admin uploaded becomes: `/media/<name>`. */
async function coverOf(
  db: Db,
  actorUserId: number,
  fileId: string,
): Promise<string> {
  if ((await countOwnUploads(db, actorUserId, [fileId])) !== 1)
    throw new HttpError(
      "INVALID_FIELD",
      "body/coverFileId names no picture the caller uploaded",
      { params: { field: "coverFileId" } },
    );
  return `${MEDIA_PREFIX}/${fileId}`;
}

async function assertMonk(db: Db, monkId: number | null): Promise<void> {
  if (monkId === null) return;
  const [monk] = await db
    .select({ id: monks.id })
    .from(monks)
    .where(eq(monks.id, monkId));
  if (monk === undefined)
    throw new HttpError("INVALID_FIELD", "body/monkId names no monk", {
      params: { field: "monkId" },
    });
}

/** Checked texts and references of a save; throws the first refusal before anything is written. */
async function checkedFields(
  db: Db,
  body: ProductSaveBody,
  actorUserId: number,
) {
  const fields = {
    category: body.category,
    title: localizedText(body.title, "title", PRODUCT_LIMITS.titleMaxChars),
    summary: localizedText(
      body.summary,
      "summary",
      PRODUCT_LIMITS.summaryMaxChars,
    ),
    description: paragraphs(body.description),
    monkId: body.monkId,
    askBeneficiary: body.askBeneficiary,
    askWish: body.askWish,
    askBirthDate: body.askBirthDate,
    sortOrder: body.sortOrder,
  };
  const options = body.options.map((option, i) => ({
    id: option.id,
    label: localizedText(
      option.label,
      `options/${String(i)}/label`,
      PRODUCT_LIMITS.optionLabelMaxChars,
    ),
    days: option.days,
    priceFen: option.priceFen,
  }));
  const ids = options.flatMap((o) => (o.id === undefined ? [] : [o.id]));
  if (new Set(ids).size !== ids.length)
    throw new HttpError("INVALID_FIELD", "body/options names an option twice", {
      params: { field: "options" },
    });
  await assertMonk(db, body.monkId);
  const cover =
    body.coverFileId === undefined
      ? undefined
      : await coverOf(db, actorUserId, body.coverFileId);
  return { fields, options, cover };
}

type Checked = Awaited<ReturnType<typeof checkedFields>>;

/** Field names whose value differs (JSON-compared), for the audit record. */
function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): string[] {
  return Object.keys(after).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
}

async function createProduct(
  tx: Db,
  body: ProductSaveBody,
  checked: Checked,
  actorUserId: number,
  now: Date,
): Promise<number> {
  if (body.slug === undefined)
    throw new HttpError("FIELD_REQUIRED", "body/slug is required to create", {
      params: { field: "slug" },
    });
  if (checked.cover === undefined)
    throw new HttpError(
      "FIELD_REQUIRED",
      "body/coverFileId is required to create",
      { params: { field: "coverFileId" } },
    );
  const slug = body.slug;
  if (checked.options.some((o) => o.id !== undefined))
    throw new HttpError(
      "INVALID_FIELD",
      "body/options of a new product cannot name existing options",
      { params: { field: "options" } },
    );
  const [taken] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.slug, slug));
  if (taken !== undefined)
    throw new HttpError("PRODUCT_SLUG_TAKEN", `slug ${slug} is taken`);
  const inserted = await tx
    .insert(products)
    .values({ ...checked.fields, slug, cover: checked.cover, active: true })
    .onConflictDoNothing({ target: products.slug })
    .returning({ id: products.id });
  const id = inserted[0]?.id;
  if (id === undefined)
    throw new HttpError("PRODUCT_SLUG_TAKEN", `slug ${slug} is taken`);
  await tx.insert(productOptions).values(
    checked.options.map((option, sortOrder) => ({
      productId: id,
      label: option.label,
      days: option.days,
      priceFen: option.priceFen,
      sortOrder,
    })),
  );
  await recordAudit(tx, {
    actorUserId,
    action: "product.create",
    targetType: "product",
    targetId: id,
    details: { slug, options: checked.options.length },
    at: now,
  });
  return id;
}

async function editProduct(
  tx: Db,
  id: number,
  checked: Checked,
  actorUserId: number,
  now: Date,
): Promise<number> {
  const [before] = await tx
    .select()
    .from(products)
    .where(eq(products.id, id))
    .for("update");
  if (before === undefined)
    throw new HttpError("PRODUCT_NOT_FOUND", `no product ${String(id)}`);
  const existing = await tx
    .select()
    .from(productOptions)
    .where(eq(productOptions.productId, id));
  const known = new Map(existing.map((option) => [option.id, option]));
  for (const option of checked.options)
    if (option.id !== undefined && !known.has(option.id))
      throw new HttpError(
        "INVALID_FIELD",
        `body/options names option ${String(option.id)}, not one of this product`,
        { params: { field: "options" } },
      );
  const kept = new Set(checked.options.map((o) => o.id));
  const removed = existing.filter((option) => !kept.has(option.id));
  if (removed.length > 0) {
    const [ordered] = await tx
      .select({ optionId: orders.optionId })
      .from(orders)
      .where(
        inArray(
          orders.optionId,
          removed.map((option) => option.id),
        ),
      )
      .limit(1);
    if (ordered !== undefined)
      throw new HttpError(
        "PRODUCT_OPTION_ORDERED",
        `option ${String(ordered.optionId)} has orders`,
      );
    await tx.delete(productOptions).where(
      inArray(
        productOptions.id,
        removed.map((option) => option.id),
      ),
    );
  }
  // NOTE: (product, sort order) is unique: park the kept options on negative places first, so
  // a reorder never collides with itself half-way.
  await tx
    .update(productOptions)
    .set({ sortOrder: sql`-1 - ${productOptions.sortOrder}` })
    .where(eq(productOptions.productId, id));
  const prices: { optionId: number; from: number; to: number }[] = [];
  for (const [sortOrder, option] of checked.options.entries()) {
    const values = {
      label: option.label,
      days: option.days,
      priceFen: option.priceFen,
      sortOrder,
    };
    if (option.id === undefined) {
      await tx.insert(productOptions).values({ ...values, productId: id });
      continue;
    }
    const old = known.get(option.id);
    if (old !== undefined && old.priceFen !== option.priceFen)
      prices.push({
        optionId: option.id,
        from: old.priceFen,
        to: option.priceFen,
      });
    await tx
      .update(productOptions)
      .set(values)
      .where(eq(productOptions.id, option.id));
  }
  const after = {
    ...checked.fields,
    ...(checked.cover === undefined ? {} : { cover: checked.cover }),
  };
  await tx.update(products).set(after).where(eq(products.id, id));
  await recordAudit(tx, {
    actorUserId,
    action: "product.edit",
    targetType: "product",
    targetId: id,
    details: {
      changed: changedFields(before, after),
      ...(prices.length === 0 ? {} : { prices }),
      added: checked.options.filter((o) => o.id === undefined).length,
      removed: removed.length,
    },
    at: now,
  });
  return id;
}

/** Creates (no `id`) or edits a product with its options; returns its id. */
export async function saveProduct(
  db: Db,
  body: ProductSaveBody,
  actorUserId: number,
  now: Date,
): Promise<number> {
  const checked = await checkedFields(db, body, actorUserId);
  const id = await db.transaction((tx) =>
    body.id === undefined
      ? createProduct(tx, body, checked, actorUserId, now)
      : editProduct(tx, body.id, checked, actorUserId, now),
  );
  contentCacheOf(db).clear();
  return id;
}

/** Hides a product from the shop (no new orders; existing ones go on) or shows it again. */
export async function setProductActive(
  db: Db,
  input: { id: number; active: boolean; actorUserId: number; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ active: products.active })
      .from(products)
      .where(eq(products.id, input.id))
      .for("update");
    if (row === undefined)
      throw new HttpError(
        "PRODUCT_NOT_FOUND",
        `no product ${String(input.id)}`,
      );
    if (row.active === input.active) return;
    await tx
      .update(products)
      .set({ active: input.active })
      .where(eq(products.id, input.id));
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: input.active ? "product.show" : "product.hide",
      targetType: "product",
      targetId: input.id,
      at: input.now,
    });
  });
  contentCacheOf(db).clear();
}
