// Quantity 1–99: minus / number input / plus. Typing an out-of-range number is kept as typed so
// the form can name the error; the buttons clamp.
import { Trans, useLingui } from "@lingui/react/macro";
import { ORDER_LIMITS } from "./orderForm";

export function QuantityStepper({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: number;
  error: string | undefined;
  onChange: (value: number) => void;
}) {
  const { t } = useLingui();
  const { minQuantity: min, maxQuantity: max } = ORDER_LIMITS;
  const clamp = (next: number) => Math.min(max, Math.max(min, next));
  return (
    <div className={error === undefined ? "field" : "field has-error"}>
      <label className="field-label" htmlFor={id}>
        <Trans>数量</Trans>
      </label>
      <div className="stepper">
        <button
          type="button"
          className="btn btn-ghost stepper-btn"
          aria-label={t`减少数量`}
          disabled={value <= min}
          onClick={() => {
            onChange(clamp(value - 1));
          }}
        >
          −
        </button>
        <input
          id={id}
          className="field-input stepper-input"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          value={Number.isNaN(value) ? "" : value}
          aria-invalid={error === undefined ? undefined : true}
          aria-describedby={error === undefined ? undefined : `${id}-error`}
          onChange={(event) => {
            onChange(event.target.valueAsNumber);
          }}
        />
        <button
          type="button"
          className="btn btn-ghost stepper-btn"
          aria-label={t`增加数量`}
          disabled={value >= max}
          onClick={() => {
            onChange(clamp(Number.isNaN(value) ? min : value + 1));
          }}
        >
          +
        </button>
      </div>
      {error === undefined ? null : (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
