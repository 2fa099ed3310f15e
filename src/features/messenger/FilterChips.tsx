// The filter buttons above a conversation list (the chat page's and the staff workspace's): one is
// pressed at a time, and each may carry a count badge whose spoken words the caller chooses.
import type { ReactNode } from "react";
import { badgeText } from "../shell/unreadIndicators";

interface FilterChipsProps<F extends string> {
  readonly filters: readonly F[];
  readonly labels: Readonly<Record<F, string>>;
  /** A badge shows where the count is above 0 (absent: no badge). */
  readonly counts: Readonly<Partial<Record<F, number>>>;
  readonly selected: F;
  readonly onSelect: (filter: F) => void;
  /** What a screen reader says of a badge, e.g. "3 条未读". */
  readonly countText: (count: number) => ReactNode;
  /** The group's accessible name. */
  readonly label: string;
}

export function FilterChips<F extends string>({
  filters,
  labels,
  counts,
  selected,
  onSelect,
  countText,
  label,
}: FilterChipsProps<F>) {
  return (
    <div className="conv-filters" role="group" aria-label={label}>
      {filters.map((name) => {
        const count = counts[name] ?? 0;
        return (
          <button
            key={name}
            type="button"
            className="conv-filter"
            aria-pressed={selected === name}
            onClick={() => {
              onSelect(name);
            }}
          >
            {labels[name]}
            {count > 0 ? (
              <span className="conv-filter-count">
                <span aria-hidden="true">{badgeText(count)}</span>
                <span className="visually-hidden">{countText(count)}</span>
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
