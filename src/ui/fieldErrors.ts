// What the app's forms do with a field's validation error: show it in the current locale (a Lingui
// descriptor from the form's checks, or the server's own text as is) and move focus to the field.
import type { I18n, MessageDescriptor } from "@lingui/core";

/** A form's errors by field: a descriptor to translate, or a text already in the UI language. */
export type FieldErrors<F extends string> = Partial<
  Record<F, MessageDescriptor | string>
>;

/** The error of `field` in the current locale, undefined when it has none. */
export function fieldErrorText<F extends string>(
  i18n: I18n,
  errors: FieldErrors<F>,
  field: F,
): string | undefined {
  const error = errors[field];
  if (error === undefined) return undefined;
  return typeof error === "string" ? error : i18n._(error);
}

/** Focuses the input of `field` in the form whose inputs have ids `${formId}-${field}`. */
export function focusFormField(formId: string, field: string): void {
  document.getElementById(`${formId}-${field}`)?.focus();
}
