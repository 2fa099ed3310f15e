// The exported signature: replaying the smoothed paths of signatureStrokes.ts on a 2D context and
// rendering the trimmed ink to a PNG Blob (white background) within the limits. The screen is
// drawn by `signature_pad` with the same ink colour and width; its own export (toDataURL) would be
// the whole untrimmed canvas, so this one stays hand-written.
import { SIGNATURE_TYPE } from "#contract";
import {
  exportPlan,
  INK_WIDTH,
  SIGNATURE_LIMITS,
  smoothPath,
  type ExportOptions,
  type Stroke,
} from "./signatureStrokes";

/** The ink colour, on screen and in the PNG. */
export const INK_COLOR = "#1f1a17";

/** Draws `strokes` (CSS pixels) on `ctx`, whose transform maps CSS pixels to its pixels. */
export function drawStrokes(
  ctx: CanvasRenderingContext2D,
  strokes: readonly Stroke[],
  inkWidth: number = INK_WIDTH,
): void {
  ctx.lineWidth = inkWidth;
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  ctx.strokeStyle = INK_COLOR;
  ctx.fillStyle = INK_COLOR;
  for (const stroke of strokes) {
    ctx.beginPath();
    for (const command of smoothPath(stroke)) {
      switch (command.op) {
        case "move":
          ctx.moveTo(command.x, command.y);
          break;
        case "line":
          ctx.lineTo(command.x, command.y);
          break;
        case "quad":
          ctx.quadraticCurveTo(command.cx, command.cy, command.x, command.y);
          break;
        case "dot":
          ctx.arc(command.x, command.y, inkWidth / 2, 0, Math.PI * 2);
          ctx.fill();
          break;
      }
    }
    ctx.stroke();
  }
}

function canvasToBlob(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => {
    canvas.toBlob(resolve, SIGNATURE_TYPE);
  });
}

/**
 * The trimmed signature as a PNG on white; null when nothing was drawn or the browser could not
 * encode it. A PNG over the byte limit is rendered again at half the size until it fits.
 */
export async function renderSignaturePng(
  strokes: readonly Stroke[],
  options: ExportOptions = {},
): Promise<Blob | null> {
  let maxSide = options.maxSide;
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const plan = exportPlan(strokes, { ...options, maxSide });
    if (plan === null) return null;
    const canvas = document.createElement("canvas");
    canvas.width = plan.width;
    canvas.height = plan.height;
    const ctx = canvas.getContext("2d");
    if (ctx === null) return null;
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, plan.width, plan.height);
    ctx.setTransform(
      plan.scale,
      0,
      0,
      plan.scale,
      -plan.originX * plan.scale,
      -plan.originY * plan.scale,
    );
    drawStrokes(ctx, strokes);
    const blob = await canvasToBlob(canvas);
    if (blob === null || blob.size <= SIGNATURE_LIMITS.maxBytes) return blob;
    maxSide = Math.floor(Math.max(plan.width, plan.height) / 2);
  }
  return null;
}
