// One labelled input (ui/Field) or textarea (ui/TextAreaField) of the product editor, with its
// hint and error tied to it (aria-describedby, aria-invalid). Labels may hold markup, so that inputs which look alike
// ("标题" under each language) still have names of their own.
import type { HTMLAttributes, ReactNode } from "react";
import { Field } from "../../ui/Field";
import { TextAreaField } from "../../ui/TextAreaField";

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
  prefix,
  ...props
}: EditorFieldProps) {
  const field =
    rows === undefined ? (
      <Field
        {...props}
        prefix={prefix}
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
