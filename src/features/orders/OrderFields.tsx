// A card's label → value list (the order's summary, its refund); a row without a value is left out.
export type FieldRow = readonly [label: string, value: string | null];

export function OrderFields({ rows }: { rows: readonly FieldRow[] }) {
  return (
    <dl className="order-fields">
      {rows.map(([label, value]) =>
        value === null ? null : (
          <div key={label} className="order-field">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ),
      )}
    </dl>
  );
}
