// The product editor (#22): creates a product or edits one — category, slug (on creation only),
// texts in three languages, cover picture, monk, what the order form asks, shop order, options
// and prices. It checks what it can before sending; a refusal keeps everything typed, says why
// and marks the input it is about. It never changes whether the product is shown.
import { type SyntheticEvent, useEffect, useRef, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { PRODUCT_LIMITS, UPLOAD_IMAGE_TYPES } from "#contract";
import { refusalTextOf, refusedFieldOf } from "../../api/ApiError";
import { PRODUCT_CATEGORIES } from "../../api/types";
import { CATEGORY_LABELS } from "../../features/products/categoryLabels";
import { useRouteLocale } from "../../i18n/useRouteLocale";
import { fieldErrorText } from "../../ui/fieldErrors";
import { usePageTitle } from "../../ui/usePageTitle";
import { type AdminProduct, type MonkChoice, saveProduct } from "./adminApi";
import { ActionError } from "./ConfirmStep";
import { CoverField } from "./CoverField";
import { EditorField } from "./EditorField";
import { ProductOptionsField } from "./ProductOptionsField";
import { ProductTextFields } from "./ProductTextFields";
import {
  draftOf,
  type FormErrors,
  inputKeyOfField,
  type ProductDraft,
  toSaveBody,
} from "./productForm";
import { useAdminAction } from "./useAdminAction";
import { useCoverUpload } from "./useCoverUpload";

export const PRODUCT_FORM_ID = "product-editor";
const ASKS = ["askBeneficiary", "askWish", "askBirthDate"] as const;
const INVALID = '[aria-invalid="true"],.field-error[tabindex]';
const SUBMIT = '[type="submit"]';

interface ProductEditorProps {
  /** Undefined: a new product. */
  readonly product: AdminProduct | undefined;
  readonly monks: readonly MonkChoice[];
  /** Where a new product goes in the shop's order (after the others). */
  readonly nextSortOrder: number;
  /** Leaves the editor; `savedId` once a save succeeded. */
  readonly onClose: (savedId?: number) => void;
}

export function ProductEditor({
  product,
  monks,
  nextSortOrder,
  onClose,
}: ProductEditorProps) {
  const { t, i18n } = useLingui();
  const locale = useRouteLocale();
  const formId = PRODUCT_FORM_ID;
  const creating = product === undefined;
  const [draft, setDraft] = useState(() => draftOf(product, nextSortOrder));
  const [errors, setErrors] = useState<FormErrors>({});
  const [attempt, setAttempt] = useState(0);
  const cover = useCoverUpload();
  const action = useAdminAction();
  const heading = useRef<HTMLHeadingElement>(null);
  const title = creating
    ? t({ message: "新建商品", context: "product editor" })
    : t({ message: "编辑商品", context: "product editor" });
  usePageTitle(title);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  // NOTE: after a refused attempt the first input with a problem takes the focus, or the save
  // button when the refusal names none (it was disabled while sending, which drops the focus).
  useEffect(() => {
    if (attempt === 0) return;
    const form = document.getElementById(formId);
    (
      form?.querySelector<HTMLElement>(INVALID) ??
      form?.querySelector<HTMLElement>(SUBMIT)
    )?.focus();
  }, [attempt, formId]);

  const errorOf = (key: string) => fieldErrorText(i18n, errors, key);
  const set = (change: Partial<ProductDraft>, ...keys: string[]) => {
    setDraft((current) => ({ ...current, ...change }));
    if (keys.some((key) => errors[key] !== undefined))
      setErrors((current) => {
        const rest = { ...current };
        for (const key of keys) Reflect.deleteProperty(rest, key);
        return rest;
      });
  };

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (action.busy) return;
    const checked = toSaveBody(draft, {
      fileId: cover.fileId,
      uploading: cover.state === "uploading",
    });
    if (!checked.ok) {
      setErrors(checked.errors);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    const saved: { id?: number } = {};
    const done = await action.run(
      async () => {
        try {
          saved.id = (await saveProduct(checked.body)).id;
        } catch (failure) {
          const key = inputKeyOfField(refusedFieldOf(failure) ?? "");
          const text = refusalTextOf(failure);
          if (key !== undefined && text !== undefined)
            setErrors({ [key]: text });
          throw failure;
        }
      },
      {
        done: creating ? t`商品已创建` : t`商品已保存`,
        fallback: t`保存失败，请稍后再试`,
      },
    );
    if (done) {
      cover.keep();
      onClose(saved.id);
    } else setAttempt((n) => n + 1);
  };

  const name = product?.title[locale] ?? "";
  const monkError = errorOf("monk");
  return (
    <section className="product-editor" aria-labelledby={`${formId}-title`}>
      <h2
        id={`${formId}-title`}
        ref={heading}
        tabIndex={-1}
        className="admin-title"
      >
        {creating ? (
          <Trans context="product editor">新建商品</Trans>
        ) : (
          <Trans>编辑商品：{name}</Trans>
        )}
      </h2>
      <form
        id={formId}
        noValidate
        aria-labelledby={`${formId}-title`}
        onSubmit={(event) => {
          void submit(event);
        }}
      >
        <fieldset className="product-fieldset product-basics">
          <legend>
            <Trans>基本信息</Trans>
          </legend>
          <div className="field">
            <label className="field-label" htmlFor={`${formId}-category`}>
              <Trans>类别</Trans>
            </label>
            <div className="field-control">
              <select
                id={`${formId}-category`}
                className="field-input"
                value={draft.category}
                disabled={action.busy}
                onChange={(event) => {
                  const category = PRODUCT_CATEGORIES.find(
                    (c) => c === event.target.value,
                  );
                  if (category !== undefined) set({ category });
                }}
              >
                {PRODUCT_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {i18n._(CATEGORY_LABELS[category])}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {creating ? (
            <EditorField
              id={`${formId}-slug`}
              label={<Trans>链接名</Trans>}
              hint={
                <Trans>
                  小写字母、数字和连字符，如 bright-lamp；创建后不能修改
                </Trans>
              }
              maxLength={PRODUCT_LIMITS.slugMaxChars}
              lang="en"
              value={draft.slug}
              error={errorOf("slug")}
              disabled={action.busy}
              onChange={(slug) => {
                set({ slug }, "slug");
              }}
            />
          ) : (
            <div className="field">
              <span className="field-label">
                <Trans>链接名</Trans>
              </span>
              <p className="product-slug" lang="en">
                {draft.slug}
              </p>
            </div>
          )}
          <div
            className={monkError === undefined ? "field" : "field has-error"}
          >
            <label className="field-label" htmlFor={`${formId}-monk`}>
              <Trans>主法法师</Trans>
            </label>
            <div className="field-control">
              <select
                id={`${formId}-monk`}
                className="field-input"
                value={draft.monkId === null ? "" : String(draft.monkId)}
                disabled={action.busy}
                aria-invalid={monkError === undefined ? undefined : true}
                aria-describedby={
                  monkError === undefined ? undefined : `${formId}-monk-error`
                }
                onChange={(event) => {
                  const value = event.target.value;
                  set({ monkId: value === "" ? null : Number(value) }, "monk");
                }}
              >
                <option value="">{t`无`}</option>
                {monks.map((monk) => (
                  <option key={monk.id} value={String(monk.id)}>
                    {monk.name[locale]}
                  </option>
                ))}
              </select>
            </div>
            {monkError === undefined ? null : (
              <p id={`${formId}-monk-error`} className="field-error">
                {monkError}
              </p>
            )}
          </div>
          <EditorField
            id={`${formId}-sortOrder`}
            label={<Trans>排序</Trans>}
            hint={<Trans>数字小的排在商店前面</Trans>}
            inputMode="numeric"
            value={draft.sortOrder}
            error={errorOf("sortOrder")}
            disabled={action.busy}
            onChange={(sortOrder) => {
              set({ sortOrder }, "sortOrder");
            }}
          />
        </fieldset>

        <ProductTextFields
          formId={formId}
          draft={draft}
          errors={errors}
          disabled={action.busy}
          onChange={(field, language, value) => {
            const change: Partial<ProductDraft> = {};
            change[field] = { ...draft[field], [language]: value };
            set(change, `${field}-${language}`);
          }}
        />

        <CoverField
          id={`${formId}-cover`}
          current={product?.cover}
          upload={cover}
          accept={UPLOAD_IMAGE_TYPES.join(",")}
          error={errorOf("cover")}
          disabled={action.busy}
        />

        <ProductOptionsField
          formId={formId}
          options={draft.options}
          errors={errors}
          disabled={action.busy}
          onChange={(options) => {
            set({ options });
          }}
        />

        <fieldset className="product-fieldset">
          <legend>
            <Trans>下单时填写</Trans>
          </legend>
          {ASKS.map((ask) => (
            <label key={ask} className="product-check">
              <input
                type="checkbox"
                checked={draft[ask]}
                disabled={action.busy}
                onChange={(event) => {
                  const change: Partial<ProductDraft> = {};
                  change[ask] = event.target.checked;
                  set(change);
                }}
              />
              <span>{askLabel(ask)}</span>
            </label>
          ))}
        </fieldset>

        <ActionError error={action.error} />
        <div className="admin-buttons product-editor-actions">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={action.busy}
            aria-busy={action.busy}
          >
            {creating ? <Trans>创建商品</Trans> : <Trans>保存</Trans>}
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={action.busy}
            onClick={() => {
              onClose();
            }}
          >
            <Trans>取消</Trans>
          </button>
        </div>
      </form>
    </section>
  );
}

function askLabel(ask: (typeof ASKS)[number]) {
  switch (ask) {
    case "askBeneficiary":
      return <Trans>祈福对象（为谁祈福）</Trans>;
    case "askWish":
      return <Trans>心愿</Trans>;
    case "askBirthDate":
      return <Trans>出生日期</Trans>;
  }
}
