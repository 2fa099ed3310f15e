// A labelled text input with an optional fixed prefix, hint, trailing action and error. The hint
// and the error are tied to the input with aria-describedby; an error sets aria-invalid.
import type { InputHTMLAttributes, ReactNode, Ref } from "react";
import "./field.css";

export interface FieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "id" | "aria-describedby" | "aria-invalid" | "prefix"
> {
  id: string;
  /** Text, or markup such as a visually hidden part that tells like inputs apart. */
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** Fixed text before the input, e.g. "+86" (hidden from assistive technology; say it in the hint). */
  prefix?: string | undefined;
  /** A control after the input, e.g. the send-code button. */
  action?: ReactNode;
  /** More ids to describe the input (e.g. a form-level error). */
  describedBy?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

export function Field({
  id,
  label,
  hint,
  error,
  prefix,
  action,
  describedBy,
  ref,
  className,
  ...input
}: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [
    hint === undefined ? undefined : hintId,
    error === undefined ? undefined : errorId,
    describedBy,
  ]
    .filter((part) => part !== undefined)
    .join(" ");
  return (
    <div className={error === undefined ? "field" : "field has-error"}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="field-row">
        <div className="field-control">
          {prefix === undefined ? null : (
            <span className="field-prefix" aria-hidden="true">
              {prefix}
            </span>
          )}
          <input
            {...input}
            ref={ref}
            id={id}
            className={
              className === undefined
                ? "field-input"
                : `field-input ${className}`
            }
            aria-invalid={error === undefined ? undefined : true}
            aria-describedby={described === "" ? undefined : described}
          />
        </div>
        {action}
      </div>
      {hint === undefined ? null : (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error === undefined ? null : (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
