// A service's options as a radio group of tiles (label and price): one is chosen. Native radios, so
// Tab reaches the group, the arrow keys move the choice and the checked state is announced. Used on
// the product page and the order form.
import type { ProductOption } from "../../api/types";
import { formatPriceFen } from "../../lib/format";
import "./optionRadios.css";

interface OptionRadiosProps {
  options: readonly ProductOption[];
  /** The radios' shared name (one group per page). */
  name: string;
  value: number | undefined;
  onChange: (optionId: number) => void;
  /** Id of the element naming the group. */
  labelledBy?: string | undefined;
  /** Id of the first radio (the target when the form focuses this field). */
  firstId?: string | undefined;
}

export function OptionRadios({
  options,
  name,
  value,
  onChange,
  labelledBy,
  firstId,
}: OptionRadiosProps) {
  return (
    <div
      className="option-radios"
      role="radiogroup"
      aria-labelledby={labelledBy}
    >
      {options.map((option, index) => (
        <label key={option.id} className="option-radio">
          <input
            id={index === 0 ? firstId : undefined}
            type="radio"
            name={name}
            value={option.id}
            checked={value === option.id}
            onChange={() => {
              onChange(option.id);
            }}
          />
          <span className="option-label">{option.label}</span>
          <span className="option-price">
            {formatPriceFen(option.priceFen)}
          </span>
        </label>
      ))}
    </div>
  );
}

/** The option a page starts with: `wanted` when it is one of `options`, else the first. */
export function initialOptionId(
  options: readonly ProductOption[],
  wanted: number | undefined,
): number | undefined {
  return (options.find((o) => o.id === wanted) ?? options[0])?.id;
}
