// The options of a service (its label already names the duration) with their prices.
import { Trans } from "@lingui/react/macro";
import type { ProductOption } from "../../api/types";
import { formatPriceFen } from "../../lib/format";

export function ProductOptions({
  options,
}: {
  options: readonly ProductOption[];
}) {
  return (
    <section className="section card" aria-labelledby="product-options">
      <h2 id="product-options">
        <Trans>可选方案</Trans>
      </h2>
      <ul className="option-list">
        {options.map((option) => (
          <li key={option.id} className="option">
            <span className="option-label">{option.label}</span>
            <span className="option-price">
              {formatPriceFen(option.priceFen)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
