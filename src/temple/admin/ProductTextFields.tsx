// The product's texts (#22): a group per language with its title, summary and description, the
// description as paragraphs separated by blank lines. Each input is named with its language.
import { Trans, useLingui } from "@lingui/react/macro";
import { HTML_LANG, LOCALES, type Locale } from "../../i18n/locales";
import { fieldErrorText } from "../../ui/fieldErrors";
import { LANGUAGE_LABELS } from "./productLabels";
import { EditorField } from "./EditorField";
import type { FormErrors, ProductDraft, TextField } from "./productForm";

interface ProductTextFieldsProps {
  readonly formId: string;
  readonly draft: Pick<ProductDraft, TextField>;
  readonly errors: FormErrors;
  readonly disabled: boolean;
  readonly onChange: (field: TextField, locale: Locale, value: string) => void;
}

export function ProductTextFields({
  formId,
  draft,
  errors,
  disabled,
  onChange,
}: ProductTextFieldsProps) {
  const { i18n } = useLingui();
  const errorOf = (key: string) => fieldErrorText(i18n, errors, key);
  return (
    <div className="product-languages">
      {LOCALES.map((locale) => {
        const language = i18n._(LANGUAGE_LABELS[locale]);
        const lang = HTML_LANG[locale];
        const id = (field: TextField) => `${formId}-${field}-${locale}`;
        return (
          <fieldset key={locale} className="product-fieldset">
            <legend lang={lang}>{language}</legend>
            <EditorField
              id={id("title")}
              label={
                <Trans>
                  标题
                  <span className="visually-hidden">（{language}）</span>
                </Trans>
              }
              value={draft.title[locale]}
              error={errorOf(`title-${locale}`)}
              disabled={disabled}
              lang={lang}
              onChange={(value) => {
                onChange("title", locale, value);
              }}
            />
            <EditorField
              id={id("summary")}
              label={
                <Trans>
                  简介
                  <span className="visually-hidden">（{language}）</span>
                </Trans>
              }
              rows={2}
              value={draft.summary[locale]}
              error={errorOf(`summary-${locale}`)}
              disabled={disabled}
              lang={lang}
              onChange={(value) => {
                onChange("summary", locale, value);
              }}
            />
            <EditorField
              id={id("description")}
              label={
                <Trans>
                  详细介绍
                  <span className="visually-hidden">（{language}）</span>
                </Trans>
              }
              rows={6}
              hint={<Trans>段落之间空一行</Trans>}
              value={draft.description[locale]}
              error={errorOf(`description-${locale}`)}
              disabled={disabled}
              lang={lang}
              onChange={(value) => {
                onChange("description", locale, value);
              }}
            />
          </fieldset>
        );
      })}
    </div>
  );
}
