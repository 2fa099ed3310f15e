// A labelled textarea with an optional hint, character counter and error, tied to it with
// aria-describedby (hint, counter, error in that order); an error sets aria-invalid. It holds no
// text of its own: labels, hints and a counter's wording come from the form that uses it.
import type { ReactNode, Ref, TextareaHTMLAttributes } from "react";
import { describedByOf, FieldError } from "./Field";
import "./field.css";

export interface TextAreaCounter {
  /** Characters as the server counts them (code points or graphemes: the caller knows which). */
  readonly count: number;
  readonly max: number;
  /** The counter's wording, e.g. "12 / 200 字"; plain "12/200" without it. */
  readonly text?: ReactNode;
}

export interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  | "id"
  | "value"
  | "onChange"
  | "className"
  | "aria-describedby"
  | "aria-invalid"
> {
  id: string;
  /** Text, or markup such as a visually hidden part that tells like fields apart. */
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  error?: string | undefined;
  /** A counter under the field, at the end of the hint's row; red once over `max`. */
  counter?: TextAreaCounter | undefined;
  /** The error is announced as it appears (it comes while typing). */
  alertError?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({
  id,
  label,
  value,
  onChange,
  hint,
  error,
  counter,
  alertError = false,
  ref,
  ...textarea
}: TextAreaFieldProps) {
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const described = describedByOf(
    hint === undefined ? undefined : hintId,
    counter === undefined ? undefined : countId,
    error === undefined ? undefined : `${id}-error`,
  );
  return (
    <div className={error === undefined ? "field" : "field has-error"}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <textarea
        {...textarea}
        ref={ref}
        id={id}
        className="field-textarea"
        value={value}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={described}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      {hint === undefined && counter === undefined ? null : (
        <div className="field-foot">
          {hint === undefined ? null : (
            <p id={hintId} className="field-hint">
              {hint}
            </p>
          )}
          {counter === undefined ? null : (
            <p
              id={countId}
              className={
                counter.count > counter.max
                  ? "field-count is-over"
                  : "field-count"
              }
            >
              {counter.text ?? (
                <>
                  {counter.count}/{counter.max}
                </>
              )}
            </p>
          )}
        </div>
      )}
      <FieldError id={id} error={error} alert={alertError} />
    </div>
  );
}
