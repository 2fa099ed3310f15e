// The pure signature geometry: jitter filtering, the smoothed path through a stroke, the bounds of
// the ink, and the export plan that trims to the ink and keeps the PNG within the server's limits.
import {
  addPoint,
  EXPORT_PADDING,
  exportPlan,
  INK_WIDTH,
  isBlank,
  MAX_EXPORT_SIDE,
  SIGNATURE_LIMITS,
  smoothPath,
  type Stroke,
  strokeBounds,
} from "../../../../src/features/agreements/signatureStrokes";

describe("addPoint", () => {
  it("appends points but drops ones within the minimum distance of the last", () => {
    let stroke: Stroke = [];
    stroke = addPoint(stroke, { x: 10, y: 10 });
    stroke = addPoint(stroke, { x: 10.5, y: 10.5 }, 1.5);
    stroke = addPoint(stroke, { x: 12, y: 10 }, 1.5);
    stroke = addPoint(stroke, { x: 12, y: 11 }, 1.5);
    expect(stroke).toEqual([
      { x: 10, y: 10 },
      { x: 12, y: 10 },
    ]);
  });

  it("ignores points that are not finite and never changes its input", () => {
    const stroke: Stroke = [{ x: 1, y: 1 }];
    expect(addPoint(stroke, { x: Number.NaN, y: 3 })).toBe(stroke);
    expect(addPoint(stroke, { x: 4, y: Infinity })).toBe(stroke);
    const longer = addPoint(stroke, { x: 9, y: 9 });
    expect(longer).toHaveLength(2);
    expect(stroke).toHaveLength(1);
  });
});

describe("isBlank", () => {
  it("is blank with no strokes or only empty ones", () => {
    expect(isBlank([])).toBe(true);
    expect(isBlank([[], []])).toBe(true);
    expect(isBlank([[], [{ x: 0, y: 0 }]])).toBe(false);
  });
});

describe("smoothPath", () => {
  it("draws a dot for a tap and a line for two points", () => {
    expect(smoothPath([])).toEqual([]);
    expect(smoothPath([{ x: 3, y: 4 }])).toEqual([{ op: "dot", x: 3, y: 4 }]);
    expect(
      smoothPath([
        { x: 0, y: 0 },
        { x: 10, y: 0 },
      ]),
    ).toEqual([
      { op: "move", x: 0, y: 0 },
      { op: "line", x: 10, y: 0 },
    ]);
  });

  it("curves through midpoints with the points as controls and ends on the last point", () => {
    const path = smoothPath([
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 10 },
      { x: 20, y: 10 },
    ]);
    expect(path).toEqual([
      { op: "move", x: 0, y: 0 },
      { op: "line", x: 5, y: 0 },
      { op: "quad", cx: 10, cy: 0, x: 10, y: 5 },
      { op: "quad", cx: 10, cy: 10, x: 20, y: 10 },
    ]);
  });

  it("gives one curve segment per inner point", () => {
    const stroke = Array.from({ length: 50 }, (_, i) => ({
      x: i * 3,
      y: Math.sin(i / 4) * 20,
    }));
    const path = smoothPath(stroke);
    expect(path.filter((c) => c.op === "quad")).toHaveLength(48);
    expect(path.at(-1)).toMatchObject({ x: stroke[49]!.x, y: stroke[49]!.y });
  });
});

describe("strokeBounds", () => {
  it("is null for nothing drawn", () => {
    expect(strokeBounds([])).toBeNull();
    expect(strokeBounds([[]])).toBeNull();
  });

  it("holds every point of every stroke, grown by half the ink width", () => {
    const bounds = strokeBounds(
      [
        [
          { x: 20, y: 30 },
          { x: 80, y: 35 },
        ],
        [{ x: 50, y: 90 }],
      ],
      4,
    );
    expect(bounds).toEqual({ minX: 18, minY: 28, maxX: 82, maxY: 92 });
  });
});

describe("exportPlan", () => {
  const line = (x0: number, y0: number, x1: number, y1: number): Stroke => [
    { x: x0, y: y0 },
    { x: x1, y: y1 },
  ];

  it("is null when nothing was drawn", () => {
    expect(exportPlan([])).toBeNull();
  });

  it("trims to the ink plus padding at the export scale", () => {
    const plan = exportPlan([line(100, 50, 300, 90)], {
      padding: 10,
      scale: 2,
    });
    const half = INK_WIDTH / 2;
    expect(plan).toEqual({
      originX: 100 - half - 10,
      originY: 50 - half - 10,
      scale: 2,
      width: Math.ceil((200 + INK_WIDTH + 20) * 2),
      height: Math.ceil((40 + INK_WIDTH + 20) * 2),
    });
  });

  it("maps the ink into the image: the trimmed corner is the origin", () => {
    const plan = exportPlan([line(40, 40, 140, 60)])!;
    const toImage = (x: number, y: number) => ({
      x: (x - plan.originX) * plan.scale,
      y: (y - plan.originY) * plan.scale,
    });
    const start = toImage(40, 40);
    const end = toImage(140, 60);
    const margin = (EXPORT_PADDING + INK_WIDTH / 2) * plan.scale;
    expect(start.x).toBeCloseTo(margin);
    expect(start.y).toBeCloseTo(margin);
    expect(end.x).toBeLessThanOrEqual(plan.width);
    expect(plan.width - end.x).toBeCloseTo(margin, 0);
  });

  it("scales a huge drawing down so the longer side fits, never past the server's limit", () => {
    const plan = exportPlan([line(0, 0, 20_000, 500)])!;
    expect(plan.width).toBe(MAX_EXPORT_SIDE);
    expect(plan.height).toBeLessThan(MAX_EXPORT_SIDE);
    expect(plan.scale).toBeLessThan(1);
    const capped = exportPlan([line(0, 0, 20_000, 20_000)], {
      maxSide: 100_000,
      scale: 4,
    })!;
    expect(capped.width).toBeLessThanOrEqual(SIGNATURE_LIMITS.maxSide);
    expect(capped.height).toBeLessThanOrEqual(SIGNATURE_LIMITS.maxSide);
  });

  it("gives at least one pixel for a single dot", () => {
    const plan = exportPlan([[{ x: 5, y: 5 }]], { padding: 0, scale: 0.01 })!;
    expect(plan.width).toBeGreaterThanOrEqual(1);
    expect(plan.height).toBeGreaterThanOrEqual(1);
  });
});
