// The pure geometry of a drawn signature: strokes of points (CSS pixels), jitter filtering, the
// smoothed path drawn through them, their bounds, and the plan for exporting the trimmed ink as a
// PNG within the server's limits. No DOM and no canvas: the `signature_pad` library draws on
// screen (SignaturePad.tsx) and signatureCanvas.ts renders the export from these strokes. Kept by
// hand: the library neither trims its PNG to the ink nor keeps it within a byte limit.
import { SIGNATURE_LIMITS } from "#contract";

export interface Point {
  readonly x: number;
  readonly y: number;
}

export type Stroke = readonly Point[];

/** One drawing command of a smoothed stroke (canvas 2D path semantics). */
export type PathCommand =
  | { readonly op: "move"; readonly x: number; readonly y: number }
  | { readonly op: "line"; readonly x: number; readonly y: number }
  | {
      readonly op: "quad";
      readonly cx: number;
      readonly cy: number;
      readonly x: number;
      readonly y: number;
    }
  | { readonly op: "dot"; readonly x: number; readonly y: number };

export interface Bounds {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

/** What the server accepts (#contract), re-exported beside the export plan that keeps to it. */
export { SIGNATURE_LIMITS };

/** The stroke width on screen, in CSS pixels. */
export const INK_WIDTH = 2.5;
/** Points closer than this (CSS pixels) to the previous one add nothing but jitter. */
export const MIN_POINT_DISTANCE = 1.5;
/** White margin around the trimmed ink in the exported image, in CSS pixels. */
export const EXPORT_PADDING = 12;
/** The exported image's longer side never exceeds this (well inside SIGNATURE_LIMITS.maxSide). */
export const MAX_EXPORT_SIDE = 1600;
/** Export resolution per CSS pixel before the MAX_EXPORT_SIDE cap. */
export const EXPORT_SCALE = 2;

/** `stroke` with `point` appended, unless it is within `minDistance` of the last point. */
export function addPoint(
  stroke: Stroke,
  point: Point,
  minDistance: number = MIN_POINT_DISTANCE,
): Stroke {
  if (!Number.isFinite(point.x) || !Number.isFinite(point.y)) return stroke;
  const last = stroke[stroke.length - 1];
  if (
    last !== undefined &&
    Math.hypot(point.x - last.x, point.y - last.y) < minDistance
  )
    return stroke;
  return [...stroke, point];
}

/** True when nothing has been drawn. */
export function isBlank(strokes: readonly Stroke[]): boolean {
  return strokes.every((stroke) => stroke.length === 0);
}

/**
 * The smoothed path of one stroke: a dot for a single tap, a straight line for two points, and
 * otherwise quadratic curves through the midpoints of consecutive points (each input point is a
 * control point), ending exactly on the last point.
 */
export function smoothPath(stroke: Stroke): PathCommand[] {
  const [first, second] = stroke;
  if (first === undefined) return [];
  if (second === undefined) return [{ op: "dot", x: first.x, y: first.y }];
  const commands: PathCommand[] = [{ op: "move", x: first.x, y: first.y }];
  if (stroke.length === 2) {
    commands.push({ op: "line", x: second.x, y: second.y });
    return commands;
  }
  commands.push({
    op: "line",
    x: (first.x + second.x) / 2,
    y: (first.y + second.y) / 2,
  });
  for (let i = 1; i < stroke.length - 1; i += 1) {
    const control = stroke[i];
    const next = stroke[i + 1];
    if (control === undefined || next === undefined) break;
    const end =
      i === stroke.length - 2
        ? next
        : { x: (control.x + next.x) / 2, y: (control.y + next.y) / 2 };
    commands.push({
      op: "quad",
      cx: control.x,
      cy: control.y,
      x: end.x,
      y: end.y,
    });
  }
  return commands;
}

/** The box holding every point, grown by `inkWidth / 2` on each side; null when blank. */
export function strokeBounds(
  strokes: readonly Stroke[],
  inkWidth: number = INK_WIDTH,
): Bounds | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const stroke of strokes)
    for (const { x, y } of stroke) {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
  if (minX === Infinity) return null;
  const half = inkWidth / 2;
  return {
    minX: minX - half,
    minY: minY - half,
    maxX: maxX + half,
    maxY: maxY + half,
  };
}

/** How to draw the strokes into the exported image: `canvas = (point - origin) * scale`. */
export interface ExportPlan {
  /** Whole pixels, each at least 1 and at most `maxSide`. */
  readonly width: number;
  readonly height: number;
  readonly scale: number;
  readonly originX: number;
  readonly originY: number;
}

export interface ExportOptions {
  readonly padding?: number | undefined;
  readonly scale?: number | undefined;
  readonly maxSide?: number | undefined;
}

/**
 * The trimmed export of `strokes`: their bounds plus `padding`, at `scale` pixels per CSS pixel,
 * scaled down so the longer side fits `maxSide`. Null when nothing was drawn.
 */
export function exportPlan(
  strokes: readonly Stroke[],
  options: ExportOptions = {},
): ExportPlan | null {
  const padding = options.padding ?? EXPORT_PADDING;
  const maxSide = Math.min(
    options.maxSide ?? MAX_EXPORT_SIDE,
    SIGNATURE_LIMITS.maxSide,
  );
  const bounds = strokeBounds(strokes);
  if (bounds === null) return null;
  const originX = bounds.minX - padding;
  const originY = bounds.minY - padding;
  const cssWidth = bounds.maxX + padding - originX;
  const cssHeight = bounds.maxY + padding - originY;
  const wanted = options.scale ?? EXPORT_SCALE;
  const scale = Math.min(wanted, maxSide / Math.max(cssWidth, cssHeight));
  return {
    width: clampSide(cssWidth * scale, maxSide),
    height: clampSide(cssHeight * scale, maxSide),
    scale,
    originX,
    originY,
  };
}

function clampSide(value: number, maxSide: number): number {
  return Math.max(1, Math.min(maxSide, Math.ceil(value)));
}
