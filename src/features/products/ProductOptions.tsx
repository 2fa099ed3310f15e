// The options of a service (its label already names the duration) with their prices: the visitor
// chooses one here, and the order form starts with it.
import { useId } from "react";
import { Trans } from "@lingui/react/macro";
import type { ProductOption } from "../../api/types";
import { OptionRadios } from "./OptionRadios";

export function ProductOptions({
  options,
  value,
  onChange,
}: {
  options: readonly ProductOption[];
  value: number | undefined;
  onChange: (optionId: number) => void;
}) {
  const name = useId();
  return (
    <section className="section card" aria-labelledby="product-options">
      <h2 id="product-options">
        <Trans>可选方案</Trans>
      </h2>
      <OptionRadios
        options={options}
        name={name}
        value={value}
        onChange={onChange}
        labelledBy="product-options"
      />
    </section>
  );
}
