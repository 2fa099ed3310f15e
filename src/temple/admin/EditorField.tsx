// One labelled input (ui/Field) or textarea of the product editor, with its hint and error tied to
// it (aria-describedby, aria-invalid). Labels may hold markup, so that inputs which look alike
// ("标题" under each language) still have names of their own.
import type { HTMLAttributes, ReactNode } from "react";
import { Field } from "../../ui/Field";

export interface EditorFieldProps {
  readonly id: string;
  readonly label: ReactNode;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly hint?: ReactNode;
  readonly error?: string | undefined;
  /** A textarea of this many rows instead of a one-line input. */
  readonly rows?: number;
  /** Fixed text before the input ("¥"), hidden from assistive technology: say it in the label. */
  readonly prefix?: string;
  readonly disabled?: boolean;
  readonly maxLength?: number;
  readonly inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  readonly lang?: string;
  readonly placeholder?: string;
  /** A class of the field's box (its place in a grid). */
  readonly className?: string;
}

export function EditorField({
  rows,
  className,
  onChange,
  ...props
}: EditorFieldProps) {
  const field =
    rows === undefined ? (
      <Field
        {...props}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
    ) : (
      <TextAreaField {...props} rows={rows} onChange={onChange} />
    );
  return className === undefined ? (
    field
  ) : (
    <div className={className}>{field}</div>
  );
}

function TextAreaField({
  id,
  label,
  hint,
  error,
  prefix: _prefix,
  onChange,
  ...textarea
}: Omit<EditorFieldProps, "className">) {
  const described = [
    hint === undefined ? undefined : `${id}-hint`,
    error === undefined ? undefined : `${id}-error`,
  ]
    .filter((part) => part !== undefined)
    .join(" ");
  return (
    <div className={error === undefined ? "field" : "field has-error"}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <textarea
        {...textarea}
        id={id}
        className="admin-textarea"
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={described === "" ? undefined : described}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      {hint === undefined ? null : (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error === undefined ? null : (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
