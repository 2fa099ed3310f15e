// The options of a product (#22): one group per option with its name in each language, its days
// and its price in yuan; added, removed, moved up or down (the shop shows them in this order). An
// option someone ordered shows its order count and has no remove button: its orders name it.
import { useEffect, useRef } from "react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { PRODUCT_LIMITS } from "#contract";
import { HTML_LANG, LOCALES } from "../../i18n/locales";
import { fieldErrorText } from "../../ui/fieldErrors";
import { LANGUAGE_LABELS } from "./productLabels";
import { EditorField } from "./EditorField";
import {
  blankOption,
  canRemoveOption,
  type FormErrors,
  moveOption,
  type OptionDraft,
  removeOption,
} from "./productForm";

interface ProductOptionsFieldProps {
  readonly formId: string;
  readonly options: readonly OptionDraft[];
  readonly errors: FormErrors;
  readonly disabled: boolean;
  readonly onChange: (options: OptionDraft[]) => void;
}

export function ProductOptionsField({
  formId,
  options,
  errors,
  disabled,
  onChange,
}: ProductOptionsFieldProps) {
  const { i18n } = useLingui();
  const serial = useRef(0);
  // NOTE: a moved or removed option's button is gone or elsewhere: focus follows it.
  const focusNext = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (focusNext.current === undefined) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = undefined;
  }, [options]);
  const errorOf = (key: string) => fieldErrorText(i18n, errors, key);
  const max = PRODUCT_LIMITS.optionsMax;
  const base = `${formId}-option`;
  const change = (index: number, patch: Partial<OptionDraft>) => {
    onChange(
      options.map((option, i) =>
        i === index ? { ...option, ...patch } : option,
      ),
    );
  };
  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    const edge = to === 0 || to === options.length - 1;
    const button = edge ? (by < 0 ? "down" : "up") : by < 0 ? "up" : "down";
    focusNext.current = `${base}-${String(to)}-${button}`;
    onChange(moveOption(options, index, by));
  };
  const remove = (index: number) => {
    focusNext.current = `${formId}-add-option`;
    onChange(removeOption(options, index));
  };
  const add = () => {
    serial.current += 1;
    focusNext.current = `${base}-${String(options.length)}-label-cn`;
    onChange([...options, blankOption(`added-${String(serial.current)}`)]);
  };
  const optionsError = errorOf("options");

  return (
    <fieldset
      className="product-fieldset"
      aria-describedby={`${formId}-options-hint`}
    >
      <legend>
        <Trans>规格与价格</Trans>
      </legend>
      <p id={`${formId}-options-hint`} className="field-hint">
        <Trans>
          每个规格是一种时长及其价格，商品页按这个顺序列出。已有订单的规格不能删除（订单记着它），但可以改名、改价，或下架整个商品。
        </Trans>
      </p>
      {optionsError === undefined ? null : (
        <p id={`${formId}-options`} className="field-error" tabIndex={-1}>
          {optionsError}
        </p>
      )}
      <ol className="product-options">
        {options.map((option, index) => {
          const n = index + 1;
          const key = `option-${String(index)}`;
          const id = `${formId}-${key}`;
          return (
            <li key={option.key}>
              <fieldset className="product-option">
                <legend>
                  <Trans>规格 {n}</Trans>
                  {option.orderCount > 0 ? (
                    <span className="chip product-option-orders">
                      <Plural value={option.orderCount} other="# 笔订单" />
                    </span>
                  ) : null}
                </legend>
                <div className="product-option-fields">
                  {LOCALES.map((locale) => {
                    const language = i18n._(LANGUAGE_LABELS[locale]);
                    return (
                      <EditorField
                        key={locale}
                        id={`${id}-label-${locale}`}
                        className="product-option-name"
                        label={
                          <Trans>
                            名称（{language}）
                            <span className="visually-hidden">
                              （规格 {n}）
                            </span>
                          </Trans>
                        }
                        lang={HTML_LANG[locale]}
                        value={option.label[locale]}
                        error={errorOf(`${key}-label-${locale}`)}
                        disabled={disabled}
                        onChange={(value) => {
                          change(index, {
                            label: { ...option.label, [locale]: value },
                          });
                        }}
                      />
                    );
                  })}
                  <EditorField
                    id={`${id}-days`}
                    label={
                      <Trans>
                        天数
                        <span className="visually-hidden">（规格 {n}）</span>
                      </Trans>
                    }
                    inputMode="numeric"
                    value={option.days}
                    error={errorOf(`${key}-days`)}
                    disabled={disabled}
                    onChange={(days) => {
                      change(index, { days });
                    }}
                  />
                  <EditorField
                    id={`${id}-price`}
                    label={
                      <Trans>
                        价格（元）
                        <span className="visually-hidden">（规格 {n}）</span>
                      </Trans>
                    }
                    prefix="¥"
                    inputMode="decimal"
                    placeholder="68.00"
                    value={option.price}
                    error={errorOf(`${key}-price`)}
                    disabled={disabled}
                    onChange={(price) => {
                      change(index, { price });
                    }}
                  />
                </div>
                <div className="admin-buttons product-option-buttons">
                  <button
                    id={`${id}-up`}
                    type="button"
                    className="btn btn-ghost"
                    disabled={disabled || index === 0}
                    onClick={() => {
                      move(index, -1);
                    }}
                  >
                    <Trans>
                      上移<span className="visually-hidden">规格 {n}</span>
                    </Trans>
                  </button>
                  <button
                    id={`${id}-down`}
                    type="button"
                    className="btn btn-ghost"
                    disabled={disabled || index === options.length - 1}
                    onClick={() => {
                      move(index, 1);
                    }}
                  >
                    <Trans>
                      下移<span className="visually-hidden">规格 {n}</span>
                    </Trans>
                  </button>
                  {option.orderCount > 0 ? (
                    <p className="field-hint product-option-locked">
                      <Trans>已有订单，不能删除</Trans>
                    </p>
                  ) : canRemoveOption(options, index) ? (
                    <button
                      type="button"
                      className="btn admin-danger-ghost"
                      disabled={disabled}
                      onClick={() => {
                        remove(index);
                      }}
                    >
                      <Trans>
                        删除<span className="visually-hidden">规格 {n}</span>
                      </Trans>
                    </button>
                  ) : null}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button
        id={`${formId}-add-option`}
        type="button"
        className="btn btn-ghost"
        disabled={disabled || options.length >= max}
        aria-describedby={`${formId}-add-option-hint`}
        onClick={add}
      >
        <Trans>添加规格</Trans>
      </button>
      <p id={`${formId}-add-option-hint`} className="field-hint">
        <Trans>最多 {max} 个规格</Trans>
      </p>
    </fieldset>
  );
}
