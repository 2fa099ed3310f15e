// A windowed, bottom-anchored list for the chat thread: only the items near the viewport are in the
// DOM, sizes are measured as items render (estimates before), the view stays at the bottom while the
// reader is there and keeps the item under the reader in place when older items arrive above.
// Kept by hand rather than a library (issue #21): with windowing.ts it is 2.2 kB gzip minified.
// virtua 0.54.2 (no `reverse` any more; `shift` plus scrollToIndex) passed chat.e2e but grew the
// /destiny chunk from 19.0 to 21.9 kB gzip (offline chat 291.8 → 294.7 kB), and bench:messenger's
// 10k-message open from a median of ~60 ms to 93–133 ms (it mounts no item before a ResizeObserver
// has measured the viewport); under jsdom (no ResizeObserver, no layout) 3 of the 4 VirtualList
// tests and 9 of the 13 thread tests failed, and it places items by `top`. @tanstack/react-virtual
// 3.14.26 alone is 11.6 kB gzip and has no chat mode: prepends would be re-anchored by hand as here.
import {
  memo,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type Ref,
} from "react";
import {
  anchoredScrollTop,
  buildOffsets,
  isAtBottom,
  takeAnchor,
  visibleRange,
  type ScrollAnchor,
} from "./windowing";

export interface VirtualListHandle {
  /** Jumps to the newest item and keeps following new ones. */
  scrollToBottom(): void;
}

export interface VirtualListProps<T> {
  readonly items: readonly T[];
  readonly getKey: (item: T) => string;
  readonly estimateSize: (item: T) => number;
  readonly renderItem: (item: T) => ReactNode;
  /** Accessible name of the list. */
  readonly label: string;
  readonly className?: string;
  /** Pixels rendered beyond each edge of the viewport. */
  readonly overscanPx?: number;
  /** onNearTop fires while the viewport's top is within this many px of the first item. */
  readonly nearTopPx?: number;
  readonly onNearTop?: (() => void) | undefined;
  readonly onAtBottomChange?: (atBottom: boolean) => void;
  /** After each commit: how many items are in the DOM. */
  readonly onRendered?: (rendered: number) => void;
  readonly handleRef?: Ref<VirtualListHandle>;
  /** Which items may anchor the reader's place (default: all). */
  readonly anchorable?: (key: string) => boolean;
}

/** Heights measured so far. */
interface Measured {
  /** By item key. */
  readonly sizes: ReadonlyMap<string, number>;
  /** By estimate: the height last measured for an item of that estimate (rows repeat shapes). */
  readonly typical: ReadonlyMap<number, number>;
}

const NOTHING_MEASURED: Measured = { sizes: new Map(), typical: new Map() };

/** What a render laid out: the offsets and what they were built from. */
interface Placement<T> {
  readonly offsets: readonly number[];
  readonly keys: readonly string[];
  readonly items: readonly T[];
  readonly estimateSize: (item: T) => number;
  readonly measured: Measured;
}

/** A height to record: the item's key, its estimate and its height. */
type HeightChange = readonly [key: string, estimate: number, height: number];

/**
 * The heights of `targets` not recorded yet, and whether one differs from the height `placement`
 * placed it at (then the list must render again before it is painted).
 */
function heightChanges<T>(
  targets: Iterable<[string, HTMLElement]>,
  placement: Placement<T>,
): { changes: HeightChange[]; moved: boolean } {
  const changes: HeightChange[] = [];
  let moved = false;
  for (const [key, element] of targets) {
    const height = element.offsetHeight;
    if (height <= 0 || placement.measured.sizes.get(key) === height) continue;
    // NOTE: from the end: what renders is mostly the newest items.
    const i = placement.keys.lastIndexOf(key);
    const item = placement.items[i];
    if (item === undefined) continue;
    changes.push([key, placement.estimateSize(item), height]);
    const placed =
      (placement.offsets[i + 1] ?? 0) - (placement.offsets[i] ?? 0);
    if (placed !== height) moved = true;
  }
  return { changes, moved };
}

/** `current` with `changes` recorded (the same object when they change nothing). */
function withHeights(
  current: Measured,
  changes: readonly HeightChange[],
): Measured {
  if (changes.every(([key, , height]) => current.sizes.get(key) === height))
    return current;
  const sizes = new Map(current.sizes);
  const typical = new Map(current.typical);
  for (const [key, estimate, height] of changes) {
    sizes.set(key, height);
    typical.set(estimate, height);
  }
  return { sizes, typical };
}

/** Viewport assumed before layout exists (first render, or environments without layout). */
const FALLBACK_VIEWPORT_PX = 800;

interface ItemProps {
  readonly itemKey: string;
  /** Distance from the list's bottom edge (the list is at least as tall as the viewport, so a
   * short conversation sits at the bottom with no padding to compute). */
  readonly bottom: number;
  readonly index: number;
  readonly count: number;
  readonly register: (key: string, element: HTMLElement | null) => void;
  readonly children: ReactNode;
}

const VirtualItem = memo(function VirtualItem({
  itemKey,
  bottom,
  index,
  count,
  register,
  children,
}: ItemProps) {
  const ref = useCallback(
    (element: HTMLDivElement | null) => {
      register(itemKey, element);
    },
    [itemKey, register],
  );
  return (
    <div
      ref={ref}
      role="listitem"
      aria-setsize={count}
      aria-posinset={index + 1}
      data-key={itemKey}
      className="vlist-item"
      style={{ bottom }}
    >
      {children}
    </div>
  );
});

export function VirtualList<T>({
  items,
  getKey,
  estimateSize,
  renderItem,
  label,
  className,
  overscanPx = 600,
  nearTopPx = 400,
  onNearTop,
  onAtBottomChange,
  onRendered,
  handleRef,
  anchorable,
}: VirtualListProps<T>) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const elements = useRef(new Map<string, HTMLElement>());
  const observer = useRef<ResizeObserver | null>(null);
  const stick = useRef(true);
  const anchor = useRef<ScrollAnchor | null>(null);
  /** Whether the last commit left the view where it belongs (before that its top means nothing). */
  const positioned = useRef(false);
  const [measured, setMeasured] = useState<Measured>(NOTHING_MEASURED);
  const [scrollTop, setScrollTop] = useState(0);
  // NOTE: the window's height bounds the viewport; the ResizeObserver corrects it after the first
  // paint, and while following the newest item the extra height is scrolled away unseen.
  const [viewport, setViewport] = useState(() =>
    typeof window === "undefined" ? 0 : window.innerHeight,
  );
  /** Mirrors `stick` for rendering: while at the bottom, the window is computed from the bottom. */
  const [following, setFollowing] = useState(true);

  const keys = useMemo(() => items.map(getKey), [items, getKey]);
  // NOTE: an item not measured yet is placed at the height its estimate's items measured, so a new
  // message of a common shape is placed right at once: no second render before the paint (#20).
  const offsets = useMemo(
    () =>
      buildOffsets(
        items.map((item, i) => {
          const size = measured.sizes.get(keys[i] ?? "");
          if (size !== undefined) return size;
          const estimate = estimateSize(item);
          return measured.typical.get(estimate) ?? estimate;
        }),
      ),
    [items, keys, measured, estimateSize],
  );
  const total = offsets[offsets.length - 1] ?? 0;
  const viewportHeight = viewport > 0 ? viewport : FALLBACK_VIEWPORT_PX;
  // NOTE: following the newest item, the window is where the view is about to be scrolled to, so
  // the first paint already shows the bottom (no render of the top first).
  const viewTop = following ? Math.max(0, total - viewportHeight) : scrollTop;
  const { start, end } = visibleRange({
    offsets,
    scrollTop: viewTop,
    viewportHeight,
    overscanPx,
  });
  const latest = useRef<Placement<T>>({
    offsets,
    keys,
    items,
    estimateSize,
    measured,
  });

  /**
   * Heights measured equal to where their items were placed (a new message of a shape seen before):
   * recording them moves nothing, so they wait here for the next render that records a change,
   * instead of rendering the list once more per message (#20).
   */
  const unrecorded = useRef(new Map<string, HeightChange>());

  /**
   * Records the heights of `targets` laid out by `placement`: at once (a render before the paint)
   * when one differs from the height it was placed at, with those waiting; otherwise they wait,
   * since nothing moves. True in the first case.
   */
  const measure = useCallback(
    (
      targets: Iterable<[string, HTMLElement]>,
      placement: Placement<T>,
    ): boolean => {
      const { changes, moved } = heightChanges(targets, placement);
      if (!moved) {
        for (const change of changes) unrecorded.current.set(change[0], change);
        return false;
      }
      const waiting = [...unrecorded.current.values()];
      unrecorded.current.clear();
      setMeasured((current) => withHeights(current, [...waiting, ...changes]));
      return true;
    },
    [],
  );

  const register = useCallback((key: string, element: HTMLElement | null) => {
    const previous = elements.current.get(key);
    if (previous !== undefined && previous !== element)
      observer.current?.unobserve(previous);
    if (element === null) {
      elements.current.delete(key);
      return;
    }
    elements.current.set(key, element);
    observer.current?.observe(element);
  }, []);

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (typeof ResizeObserver === "undefined" || scroller === null) return;
    const items = new ResizeObserver((entries) => {
      const targets: [string, HTMLElement][] = [];
      for (const entry of entries) {
        const element = entry.target as HTMLElement;
        const key = element.dataset.key;
        if (key !== undefined) targets.push([key, element]);
      }
      measure(targets, latest.current);
    });
    for (const element of elements.current.values()) items.observe(element);
    observer.current = items;
    const viewportObserver = new ResizeObserver(() => {
      setViewport(scroller.clientHeight);
    });
    viewportObserver.observe(scroller);
    return () => {
      items.disconnect();
      viewportObserver.disconnect();
      observer.current = null;
    };
  }, [measure]);

  useLayoutEffect(() => {
    const placement = { offsets, keys, items, estimateSize, measured };
    latest.current = placement;
    const scroller = scrollerRef.current;
    if (scroller === null) return;
    // NOTE: measure what just rendered before painting, so estimates never show as jumps.
    if (measure(elements.current, placement)) {
      // NOTE: not positioned until the measured render comes back (the top is meaningless now).
      positioned.current = false;
      return;
    }
    let target: number | null = null;
    if (stick.current) target = scroller.scrollHeight - scroller.clientHeight;
    else if (anchor.current !== null) {
      const top = anchoredScrollTop(anchor.current, offsets, keys);
      target = top;
    }
    if (target !== null && Math.abs(scroller.scrollTop - target) > 1)
      scroller.scrollTop = target;
    positioned.current = true;
    // NOTE: while following, the window does not depend on scrollTop: no extra render for it.
    if (!stick.current && Math.abs(scroller.scrollTop - scrollTop) > 1)
      setScrollTop(scroller.scrollTop);
    onRendered?.(end - start);
  }, [
    offsets,
    keys,
    items,
    estimateSize,
    measured,
    scrollTop,
    measure,
    onRendered,
    start,
    end,
  ]);

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (scroller === null || onNearTop === undefined || !positioned.current)
      return;
    if (scroller.scrollTop < nearTopPx) onNearTop();
  });

  const settling = useRef(false);

  /** Whether the reader is at the bottom, and what keeps their place, from settled layout. */
  const review = useCallback(() => {
    settling.current = false;
    const scroller = scrollerRef.current;
    if (scroller === null) return;
    const top = scroller.scrollTop;
    const atBottom = isAtBottom(
      top,
      scroller.clientHeight,
      scroller.scrollHeight,
    );
    if (atBottom !== stick.current) {
      stick.current = atBottom;
      setFollowing(atBottom);
      onAtBottomChange?.(atBottom);
    }
    const current = latest.current;
    anchor.current = takeAnchor(current.offsets, current.keys, top, anchorable);
  }, [onAtBottomChange, anchorable]);

  const onScroll = () => {
    const scroller = scrollerRef.current;
    if (scroller === null) return;
    setScrollTop(scroller.scrollTop);
    if (settling.current) return;
    // NOTE: judged a frame later: a scroll the browser makes while content or viewport change size
    // (a clamp) can report a half-updated layout and would wrongly stop following the bottom.
    settling.current = true;
    if (typeof requestAnimationFrame === "function")
      requestAnimationFrame(review);
    else review();
  };

  useImperativeHandle(
    handleRef,
    () => ({
      scrollToBottom: () => {
        const scroller = scrollerRef.current;
        stick.current = true;
        setFollowing(true);
        onAtBottomChange?.(true);
        if (scroller !== null) {
          scroller.scrollTop = scroller.scrollHeight;
          setScrollTop(scroller.scrollTop);
        }
      },
    }),
    [onAtBottomChange],
  );

  const rendered: ReactNode[] = [];
  for (let index = start; index < end; index++) {
    const item = items[index];
    const key = keys[index];
    if (item === undefined || key === undefined) continue;
    rendered.push(
      <VirtualItem
        key={key}
        itemKey={key}
        bottom={total - (offsets[index + 1] ?? 0)}
        index={index}
        count={items.length}
        register={register}
      >
        {renderItem(item)}
      </VirtualItem>,
    );
  }

  return (
    <div
      ref={scrollerRef}
      className={className === undefined ? "vlist" : `vlist ${className}`}
      onScroll={onScroll}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <div
        role="list"
        aria-label={label}
        className="vlist-body"
        style={{ height: total }}
      >
        {rendered}
      </div>
    </div>
  );
}
