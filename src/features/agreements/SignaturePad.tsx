// The signature pad: the `signature_pad` library draws on the canvas (Pointer Events for mouse,
// touch and pen; the page does not scroll under it) with the ink of signatureCanvas.ts. This
// component keeps the backing store sharp on high-density screens, redraws the strokes when the
// element is resized, and exports the trimmed PNG through the handle. The export stays hand-written
// (signatureCanvas.ts + signatureStrokes.ts): the library has no trimming to the ink and no byte
// limit, and the server refuses a PNG over SIGNATURE_LIMITS.
import { useEffect, useImperativeHandle, useRef, type Ref } from "react";
import { useLingui } from "@lingui/react/macro";
import SignaturePadCore, { type PointGroup } from "signature_pad";
import { INK_COLOR, renderSignaturePng } from "./signatureCanvas";
import {
  addPoint,
  INK_WIDTH,
  isBlank,
  MIN_POINT_DISTANCE,
  type Stroke,
} from "./signatureStrokes";

export interface SignaturePadHandle {
  clear(): void;
  /** The trimmed signature as a PNG, or null when the pad is empty. */
  toPng(): Promise<Blob | null>;
}

interface SignaturePadProps {
  readonly ref?: Ref<SignaturePadHandle>;
  /** Called when the pad turns empty or not empty. */
  readonly onEmptyChange: (empty: boolean) => void;
  /** id of the text explaining how to sign. */
  readonly describedBy: string;
  readonly disabled?: boolean;
}

/** The library's point groups as strokes of CSS pixels (non-finite points and jitter dropped). */
function strokesOf(groups: readonly PointGroup[]): Stroke[] {
  return groups.map((group) =>
    group.points.reduce<Stroke>(
      (stroke, { x, y }) => addPoint(stroke, { x, y }),
      [],
    ),
  );
}

export function SignaturePad({
  ref,
  onEmptyChange,
  describedBy,
  disabled = false,
}: SignaturePadProps) {
  const { t } = useLingui();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePadCore | null>(null);
  const wasEmpty = useRef(true);
  const reportEmpty = useRef(onEmptyChange);
  const isDisabled = useRef(disabled);
  useEffect(() => {
    reportEmpty.current = onEmptyChange;
    isDisabled.current = disabled;
  });

  useEffect(() => {
    const element = canvas.current;
    if (element === null) return;
    // NOTE: a uniform pen (min = max width) so the screen shows the ink the PNG will have. No
    // time throttle: browsers already deliver at most one pointermove per frame, minDistance drops
    // jitter, and a 16 ms throttle made which points a stroke keeps depend on timing.
    const core = new SignaturePadCore(element, {
      throttle: 0,
      penColor: INK_COLOR,
      minWidth: INK_WIDTH / 2,
      maxWidth: INK_WIDTH / 2,
      dotSize: INK_WIDTH / 2,
      minDistance: MIN_POINT_DISTANCE,
    });
    pad.current = core;
    // NOTE: "not empty" means exportable: the same strokes toPng renders.
    const report = () => {
      if (!wasEmpty.current || isBlank(strokesOf(core.toData()))) return;
      wasEmpty.current = false;
      reportEmpty.current(false);
    };
    const refuseWhileDisabled = (event: Event) => {
      if (isDisabled.current) event.preventDefault();
    };
    core.addEventListener("beginStroke", refuseWhileDisabled);
    core.addEventListener("afterUpdateStroke", report);

    // NOTE: the backing store follows the element's size times devicePixelRatio, so ink stays sharp;
    // resizing the canvas wipes it, and the library redraws its strokes.
    const resize = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = Math.round(element.clientWidth * ratio);
      const height = Math.round(element.clientHeight * ratio);
      if (element.width === width && element.height === height) return;
      element.width = width;
      element.height = height;
      element.getContext("2d")?.setTransform(ratio, 0, 0, ratio, 0, 0);
      core.redraw();
    };
    resize();
    const observer =
      typeof ResizeObserver === "function" ? new ResizeObserver(resize) : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      core.removeEventListener("beginStroke", refuseWhileDisabled);
      core.removeEventListener("afterUpdateStroke", report);
      core.off();
      pad.current = null;
    };
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      clear() {
        const core = pad.current;
        if (core === null) return;
        core.clear();
        if (!wasEmpty.current) {
          wasEmpty.current = true;
          reportEmpty.current(true);
        }
      },
      toPng: () => renderSignaturePng(strokesOf(pad.current?.toData() ?? [])),
    }),
    [],
  );

  return (
    <canvas
      ref={canvas}
      className="signature-canvas"
      role="img"
      aria-label={t`签名区`}
      aria-describedby={describedBy}
      aria-disabled={disabled}
      data-testid="signature-pad"
    />
  );
}
