// A labelled multi-line field of the desk's forms with a character counter, an optional hint and
// an error, both tied to it with aria-describedby (an error also sets aria-invalid); and the
// optional note of a fulfilment move, which the customer reads.
import type { Ref } from "react";
import { useLingui } from "@lingui/react/macro";
import { FULFILMENT_LIMITS } from "#contract";
import { charCount } from "./staffForms";

interface StaffTextAreaProps {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly max: number;
  readonly hint?: string | undefined;
  readonly error?: string | undefined;
  readonly required?: boolean;
  readonly disabled?: boolean;
  readonly ref?: Ref<HTMLTextAreaElement>;
}

export function StaffTextArea({
  id,
  label,
  value,
  onChange,
  max,
  hint,
  error,
  required = false,
  disabled = false,
  ref,
}: StaffTextAreaProps) {
  const count = charCount(value.trim());
  const described = [
    hint === undefined ? undefined : `${id}-hint`,
    `${id}-count`,
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
        ref={ref}
        id={id}
        className="staff-textarea"
        value={value}
        rows={3}
        required={required}
        disabled={disabled}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={described}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      <p className="staff-field-foot">
        {hint === undefined ? (
          <span />
        ) : (
          <span id={`${id}-hint`} className="field-hint">
            {hint}
          </span>
        )}
        <span
          id={`${id}-count`}
          className={count > max ? "staff-count is-over" : "staff-count"}
        >
          {count}/{max}
        </span>
      </p>
      {error === undefined ? null : (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The optional note of a fulfilment move (at most FULFILMENT_LIMITS.noteMaxChars). */
export function NoteField(
  props: Pick<
    StaffTextAreaProps,
    "id" | "value" | "onChange" | "error" | "disabled"
  >,
) {
  const { t } = useLingui();
  return (
    <StaffTextArea
      {...props}
      label={t`备注（选填）`}
      hint={t`用户可以看到备注`}
      max={FULFILMENT_LIMITS.noteMaxChars}
    />
  );
}
