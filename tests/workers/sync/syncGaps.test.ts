// Gap detection: a RECV that skips seqs asks for exactly the missing range; loadOlder plans pages.
import { describe, expect, it } from "vitest";
import {
  detectGaps,
  missingRanges,
  planOlderPage,
} from "../../../workers/sync/syncGaps";

describe("detectGaps", () => {
  it.each([
    ["contiguous", 10, [11, 12, 13], []],
    ["one skipped", 10, [12], [{ fromSeq: 11, toSeq: 11 }]],
    ["a range skipped", 10, [15], [{ fromSeq: 11, toSeq: 14 }]],
    [
      "holes inside the batch",
      10,
      [11, 14, 15, 20],
      [
        { fromSeq: 12, toSeq: 13 },
        { fromSeq: 16, toSeq: 19 },
      ],
    ],
    [
      "unsorted input with duplicates",
      10,
      [14, 11, 14],
      [{ fromSeq: 12, toSeq: 13 }],
    ],
    ["old or repeated seqs", 10, [3, 9, 10], []],
    ["seq 0 (not persisted)", 10, [0, 11], []],
    ["no local history: nothing before the first", 0, [57, 58], []],
    [
      "no local history, hole after the first",
      0,
      [57, 60],
      [{ fromSeq: 58, toSeq: 59 }],
    ],
  ] as const)("%s", (_name, known, seqs, gaps) => {
    expect(detectGaps(known, seqs)).toEqual(gaps);
  });
});

describe("missingRanges / planOlderPage", () => {
  it("lists what a window lacks", () => {
    expect(missingRanges({ fromSeq: 1, toSeq: 10 }, [1, 2, 5, 6, 10])).toEqual([
      { fromSeq: 3, toSeq: 4 },
      { fromSeq: 7, toSeq: 9 },
    ]);
    expect(missingRanges({ fromSeq: 1, toSeq: 3 }, [1, 2, 3])).toEqual([]);
  });

  it("plans the page below beforeSeq and stops at seq 1 and at cleared history", () => {
    expect(planOlderPage(101, 20, [90, 91], 0)).toEqual({
      window: { fromSeq: 81, toSeq: 100 },
      missing: [
        { fromSeq: 81, toSeq: 89 },
        { fromSeq: 92, toSeq: 100 },
      ],
    });
    expect(planOlderPage(5, 20, [1, 2, 3, 4], 0)).toEqual({
      window: { fromSeq: 1, toSeq: 4 },
      missing: [],
    });
    expect(planOlderPage(101, 20, [], 95)).toEqual({
      window: { fromSeq: 96, toSeq: 100 },
      missing: [{ fromSeq: 96, toSeq: 100 }],
    });
    expect(planOlderPage(1, 20, [], 0)).toEqual({ window: null, missing: [] });
    expect(planOlderPage(50, 20, [], 49)).toEqual({
      window: null,
      missing: [],
    });
  });
});
