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
  const described = describedByOf(
    hint === undefined ? undefined : hintId,
    error === undefined ? undefined : `${id}-error`,
    describedBy,
  );
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
            aria-describedby={described}
          />
        </div>
        {action}
      </div>
      {hint === undefined ? null : (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The ids a control's aria-describedby lists, in order; undefined when there is none. */
export function describedByOf(
  ...ids: readonly (string | undefined)[]
): string | undefined {
  const described = ids.filter((part) => part !== undefined).join(" ");
  return described === "" ? undefined : described;
}

/** A field's error (id `${id}-error`, which its control lists in aria-describedby), if any. */
export function FieldError({
  id,
  error,
  alert = false,
}: {
  id: string;
  error: string | undefined;
  /** Announce the error as it appears (one that comes while typing, not on submit). */
  alert?: boolean;
}) {
  return error === undefined ? null : (
    <p
      id={`${id}-error`}
      className="field-error"
      role={alert ? "alert" : undefined}
    >
      {error}
    </p>
  );
}
