// The arithmetic of the virtualized message list: item offsets from sizes, which items a scroll
// position shows, and how far to scroll so the item under the reader stays put. Pure numbers only.

/** Top of every item plus the total height: `offsets[i]` is item i's top, `offsets[n]` the sum. */
export function buildOffsets(sizes: readonly number[]): number[] {
  const offsets = new Array<number>(sizes.length + 1);
  let top = 0;
  offsets[0] = 0;
  for (let i = 0; i < sizes.length; i++) {
    top += Math.max(0, sizes[i] ?? 0);
    offsets[i + 1] = top;
  }
  return offsets;
}

/** The index of the item covering `y` (clamped to the first / last item); -1 when there are none. */
export function indexAt(offsets: readonly number[], y: number): number {
  const count = offsets.length - 1;
  if (count <= 0) return -1;
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((offsets[mid] ?? 0) <= y) low = mid;
    else high = mid - 1;
  }
  return low;
}

export interface RangeInput {
  readonly offsets: readonly number[];
  readonly scrollTop: number;
  readonly viewportHeight: number;
  /** Extra pixels rendered above and below the viewport. */
  readonly overscanPx: number;
}

/** Items to render: `[start, end)`; empty (0, 0) when there are no items. */
export function visibleRange(input: RangeInput): {
  start: number;
  end: number;
} {
  const { offsets, scrollTop, viewportHeight, overscanPx } = input;
  const count = offsets.length - 1;
  if (count <= 0) return { start: 0, end: 0 };
  const top = Math.max(0, scrollTop - overscanPx);
  const bottom = scrollTop + Math.max(0, viewportHeight) + overscanPx;
  const start = indexAt(offsets, top);
  const last = indexAt(offsets, Math.max(top, bottom - 1));
  return { start, end: Math.min(count, last + 1) };
}

/** Whether the reader is (within `threshold` px of) the bottom: new messages then keep it there. */
export function isAtBottom(
  scrollTop: number,
  viewportHeight: number,
  scrollHeight: number,
  threshold = 48,
): boolean {
  return scrollHeight - (scrollTop + viewportHeight) <= threshold;
}

/** What keeps the reader's place: the first item in view and how far its top is above the viewport. */
export interface ScrollAnchor {
  readonly key: string;
  /** `itemTop - scrollTop` when the anchor was taken. */
  readonly delta: number;
}

/**
 * The anchor for a scroll position: the first item whose bottom is below `scrollTop` and that
 * `anchorable` accepts (items that move when others arrive, such as a day separator that always
 * precedes the day's first message, make poor anchors).
 */
export function takeAnchor(
  offsets: readonly number[],
  keys: readonly string[],
  scrollTop: number,
  anchorable: (key: string) => boolean = () => true,
): ScrollAnchor | null {
  const first = indexAt(offsets, scrollTop);
  if (first < 0) return null;
  for (let index = first; index < keys.length; index++) {
    const key = keys[index];
    if (key !== undefined && anchorable(key))
      return { key, delta: (offsets[index] ?? 0) - scrollTop };
  }
  return null;
}

/**
 * The scrollTop that puts the anchor item back where the reader saw it after items were added,
 * removed or resized above it; null when the anchor item is gone.
 */
export function anchoredScrollTop(
  anchor: ScrollAnchor,
  offsets: readonly number[],
  keys: readonly string[],
): number | null {
  const index = keys.indexOf(anchor.key);
  if (index < 0) return null;
  return Math.max(0, (offsets[index] ?? 0) - anchor.delta);
}
