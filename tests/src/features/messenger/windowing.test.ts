// The virtual list's arithmetic: offsets, which items a scroll position shows, bottom detection and
// keeping the reader's place when items arrive above.
import {
  anchoredScrollTop,
  buildOffsets,
  indexAt,
  isAtBottom,
  takeAnchor,
  visibleRange,
} from "../../../../src/features/messenger/windowing";

describe("buildOffsets", () => {
  it("starts at 0 and ends with the total; negative sizes count as 0", () => {
    expect(buildOffsets([])).toEqual([0]);
    expect(buildOffsets([10, 20, 30])).toEqual([0, 10, 30, 60]);
    expect(buildOffsets([10, -5, 5])).toEqual([0, 10, 10, 15]);
  });
});

describe("indexAt", () => {
  const offsets = buildOffsets([10, 20, 30]); // tops 0, 10, 30; total 60

  it("finds the item covering a y, clamped to the first and last", () => {
    expect(indexAt(offsets, -50)).toBe(0);
    expect(indexAt(offsets, 0)).toBe(0);
    expect(indexAt(offsets, 9.99)).toBe(0);
    expect(indexAt(offsets, 10)).toBe(1);
    expect(indexAt(offsets, 29)).toBe(1);
    expect(indexAt(offsets, 30)).toBe(2);
    expect(indexAt(offsets, 1000)).toBe(2);
  });

  it("is -1 for an empty list", () => {
    expect(indexAt([0], 5)).toBe(-1);
  });

  it("agrees with a linear scan on 10,000 random sizes", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const sizes = Array.from(
      { length: 10_000 },
      () => 20 + Math.floor(random() * 200),
    );
    const many = buildOffsets(sizes);
    for (let probe = 0; probe < 500; probe++) {
      const y = random() * (many[many.length - 1] ?? 0);
      let linear = 0;
      while (linear + 1 < sizes.length && (many[linear + 1] ?? 0) <= y)
        linear++;
      expect(indexAt(many, y)).toBe(linear);
    }
  });
});

describe("visibleRange", () => {
  const offsets = buildOffsets(new Array<number>(100).fill(50)); // 5000 px

  it("covers the viewport plus the overscan on both sides", () => {
    expect(
      visibleRange({
        offsets,
        scrollTop: 1000,
        viewportHeight: 500,
        overscanPx: 100,
      }),
    ).toEqual({ start: 18, end: 32 });
  });

  it("clamps at the top and the bottom", () => {
    expect(
      visibleRange({
        offsets,
        scrollTop: 0,
        viewportHeight: 500,
        overscanPx: 200,
      }),
    ).toEqual({ start: 0, end: 14 });
    expect(
      visibleRange({
        offsets,
        scrollTop: 4500,
        viewportHeight: 500,
        overscanPx: 200,
      }),
    ).toEqual({ start: 86, end: 100 });
  });

  it("renders a small list whole and an empty one not at all", () => {
    const few = buildOffsets([40, 40, 40]);
    expect(
      visibleRange({
        offsets: few,
        scrollTop: 0,
        viewportHeight: 800,
        overscanPx: 0,
      }),
    ).toEqual({ start: 0, end: 3 });
    expect(
      visibleRange({
        offsets: [0],
        scrollTop: 0,
        viewportHeight: 800,
        overscanPx: 0,
      }),
    ).toEqual({ start: 0, end: 0 });
  });

  it("keeps the rendered count bounded for a long list", () => {
    const long = buildOffsets(new Array<number>(10_000).fill(60));
    const { start, end } = visibleRange({
      offsets: long,
      scrollTop: 300_000,
      viewportHeight: 844,
      overscanPx: 600,
    });
    expect(end - start).toBeLessThanOrEqual(Math.ceil((844 + 1200) / 60) + 1);
    expect(start).toBe(Math.floor((300_000 - 600) / 60));
  });
});

describe("isAtBottom", () => {
  it("is true within the threshold of the end", () => {
    expect(isAtBottom(500, 500, 1000)).toBe(true);
    expect(isAtBottom(460, 500, 1000)).toBe(true);
    expect(isAtBottom(400, 500, 1000)).toBe(false);
    expect(isAtBottom(400, 500, 1000, 100)).toBe(true);
  });
});

describe("scroll anchoring", () => {
  it("keeps the first visible item where it was after older items arrive above", () => {
    const keys = ["c", "d", "e"];
    const offsets = buildOffsets([100, 100, 100]);
    const anchor = takeAnchor(offsets, keys, 130); // inside "d", 30 px above the viewport
    expect(anchor).toEqual({ key: "d", delta: -30 });

    const nextKeys = ["a", "b", ...keys];
    const nextOffsets = buildOffsets([80, 120, 100, 100, 100]);
    // "d" now starts at 300; the reader must still see it 30 px scrolled past.
    expect(anchoredScrollTop(anchor!, nextOffsets, nextKeys)).toBe(330);
  });

  it("follows a resize of an item above the anchor", () => {
    const keys = ["a", "b", "c"];
    const anchor = takeAnchor(buildOffsets([50, 50, 50]), keys, 110)!;
    expect(anchor.key).toBe("c");
    expect(anchoredScrollTop(anchor, buildOffsets([250, 50, 50]), keys)).toBe(
      310,
    );
  });

  it("skips items that move with history (a day separator) when choosing the anchor", () => {
    const keys = ["day:2026-11-21", "m1", "m2"];
    const offsets = buildOffsets([40, 100, 100]);
    const anchor = takeAnchor(
      offsets,
      keys,
      0,
      (key) => !key.startsWith("day:"),
    );
    expect(anchor).toEqual({ key: "m1", delta: 40 });
    // Older messages of the same day arrive: the separator moves up above them, m1 stays put.
    const nextKeys = ["day:2026-11-21", "m0a", "m0b", "m1", "m2"];
    const nextOffsets = buildOffsets([40, 100, 100, 100, 100]);
    expect(anchoredScrollTop(anchor!, nextOffsets, nextKeys)).toBe(200);
    expect(takeAnchor(offsets, keys, 0, () => false)).toBeNull();
  });

  it("gives up (null) when the anchor item is gone, and no anchor for an empty list", () => {
    const anchor = { key: "gone", delta: 0 };
    expect(anchoredScrollTop(anchor, buildOffsets([10]), ["x"])).toBeNull();
    expect(takeAnchor([0], [], 0)).toBeNull();
  });
});
